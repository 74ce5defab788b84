'use client';

import { useState } from 'react';
import { generateArguments } from '@/lib/models/embedded/arguments/generate-arguments';
import { createSeededRandom } from '@/lib/models/embedded/seeded-random';
import { isPlainObject, type JsonSchema, type JsonValue } from '@/lib/runtime/json';
import type { CallState } from '@/lib/runtime/events/reduce-runtime-events';

export type ManualOutputEditorProps = {
  call: CallState;
  onAnswer: (callId: string, output: string) => void;
};

const RESPONSE_TEXT = {
  human: { text: 'Output typed by a person', tone: 'text-emerald-700 dark:text-emerald-400' },
  timeout: { text: 'No output was typed in time', tone: 'text-red-600 dark:text-red-400' },
  abort: { text: 'Aborted while waiting for a typed output', tone: 'text-red-600 dark:text-red-400' },
} as const;

/**
 * For a call whose output a person types (a tool without execute, or one answered by hand): an
 * editor prefilled from the output schema and a Submit while the request is open; afterwards,
 * who answered.
 */
export function ManualOutputEditor({ call, onAnswer }: ManualOutputEditorProps) {
  const request = call.outputRequest;
  if (!request) return null;
  if (call.outputResponse) {
    const response =
      request.reason === 'fork-override' && call.outputResponse.decidedBy === 'human'
        ? { text: 'Output changed in this fork (the recording had another)', tone: 'text-violet-700 dark:text-violet-300' }
        : RESPONSE_TEXT[call.outputResponse.decidedBy];
    return (
      <p data-testid="output-response" data-decided-by={call.outputResponse.decidedBy} className={`text-[11px] ${response.tone}`}>
        {response.text}
      </p>
    );
  }
  if (call.phase !== 'awaiting-output') return null;
  return <OpenRequest callId={call.callId} name={call.name} reason={request.reason} outputSchema={request.outputSchema} onAnswer={onAnswer} />;
}

type OpenRequestProps = {
  callId: string;
  name: string;
  reason: 'no-execute' | 'answer-by-hand' | 'fork-override';
  outputSchema?: JsonValue;
  onAnswer: (callId: string, output: string) => void;
};

function OpenRequest({ callId, name, reason, outputSchema, onAnswer }: OpenRequestProps) {
  const [text, setText] = useState(() => createOutputExample(outputSchema, callId));
  const [sent, setSent] = useState(false);
  const submit = () => {
    if (sent) return;
    setSent(true);
    onAnswer(callId, text);
  };
  const why = reason === 'no-execute' ? `${name} has no execute` : reason === 'fork-override' ? `This fork replaces the output of ${name}` : `${name} is answered by hand`;
  const notJson = outputSchema !== undefined && !isJson(text);
  return (
    <div className="space-y-1.5 rounded border border-violet-200 bg-violet-50 px-2 py-1.5 text-xs dark:border-violet-900 dark:bg-violet-950/40">
      <p className="text-violet-900 dark:text-violet-200">
        {why} — type the output the model should receive{outputSchema !== undefined ? ' (JSON matching its output schema)' : ''}.
      </p>
      <textarea
        data-testid={`manual-output-${callId}`}
        aria-label={`Output for ${name}`}
        value={text}
        disabled={sent}
        spellCheck={false}
        rows={Math.min(12, Math.max(3, text.split('\n').length))}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            submit();
          }
        }}
        className="w-full resize-y rounded border border-border bg-panel px-2 py-1 font-mono text-[11px] leading-4 text-fg disabled:opacity-60"
      />
      <div className="flex items-center gap-2">
        {notJson && <span className="text-[11px] text-amber-700 dark:text-amber-400">Not valid JSON yet: the runtime will refuse it.</span>}
        <button
          type="button"
          data-testid={`submit-output-${callId}`}
          disabled={sent}
          onClick={submit}
          title="Send as the call's output (Ctrl+Enter)"
          className="ml-auto rounded bg-violet-600 px-2.5 py-0.5 font-medium text-white hover:bg-violet-700 disabled:opacity-50"
        >
          {sent ? 'Sending…' : 'Submit'}
        </button>
      </div>
    </div>
  );
}

/** A valid JSON example of the output schema (the embedded model's bounded generator, seeded by the call), pretty-printed; empty without a schema. */
function createOutputExample(outputSchema: JsonValue | undefined, callId: string): string {
  if (!isPlainObject(outputSchema)) return '';
  try {
    const { value } = generateArguments(outputSchema as JsonSchema, { random: createSeededRandom('manual-output', callId) });
    return JSON.stringify(value, null, 2);
  } catch {
    // A schema the generator cannot read still gets an editor, just an empty one.
    return '';
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
