'use client';

import { useEffect, useState } from 'react';
import { generateArguments } from '@/lib/models';
import { createSeededRandom } from '@/lib/models';
import { isPlainObject, type JsonSchema, type JsonValue, type CallState } from '@/lib/runtime';
import type { TypedOutputCheck, TypedOutputChecker } from './check-typed-output';

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
  const [confirming, setConfirming] = useState(false);
  const checker = useTypedOutputChecker(outputSchema);
  const check: TypedOutputCheck | null = checker ? checker(text) : null;
  const invalid = check !== null && (check.kind === 'not-json' || check.kind === 'invalid');
  const send = () => {
    if (sent) return;
    setSent(true);
    setConfirming(false);
    onAnswer(callId, text);
  };
  // An output the runtime would refuse is not sent silently: the person confirms it goes out as an error.
  const submit = () => (invalid ? setConfirming(true) : send());
  const why = reason === 'no-execute' ? `${name} has no execute` : reason === 'fork-override' ? `This fork replaces the output of ${name}` : `${name} is answered by hand`;
  return (
    <div className="space-y-1.5 rounded border border-violet-200 bg-violet-50 px-2 py-1.5 text-xs dark:border-violet-900 dark:bg-violet-950/40">
      <p className="text-violet-900 dark:text-violet-200">
        {why} — type the output the model should receive{outputSchema !== undefined ? ' (JSON matching its output schema)' : ''}.
      </p>
      <textarea
        data-testid={`manual-output-${callId}`}
        aria-label={`Output for ${name}`}
        aria-invalid={invalid || undefined}
        value={text}
        disabled={sent}
        spellCheck={false}
        rows={Math.min(12, Math.max(3, text.split('\n').length))}
        onChange={(event) => {
          setText(event.target.value);
          setConfirming(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            submit();
          }
        }}
        className="w-full resize-y rounded border border-border bg-panel px-2 py-1 font-mono text-[11px] leading-4 text-fg disabled:opacity-60"
      />
      {check && <TypedOutputCheckView check={check} />}
      {confirming ? (
        <div role="alertdialog" aria-label="Send an invalid output?" data-testid={`confirm-invalid-output-${callId}`} className="flex flex-wrap items-center gap-2 rounded border border-amber-300 bg-amber-50 px-2 py-1.5 dark:border-amber-800 dark:bg-amber-950/40">
          <span className="mr-auto text-[11px] text-amber-900 dark:text-amber-200">
            This output does not match {name}&apos;s output schema. Send anyway as an error? The model gets the validation error, not the output.
          </span>
          <button type="button" data-testid={`keep-editing-output-${callId}`} autoFocus onClick={() => setConfirming(false)} className="rounded border border-border bg-panel px-2 py-0.5 font-medium hover:bg-panel-muted">
            Keep editing
          </button>
          <button type="button" data-testid={`send-invalid-output-${callId}`} onClick={send} className="rounded bg-amber-600 px-2 py-0.5 font-medium text-white hover:bg-amber-700">
            Send anyway as an error
          </button>
        </div>
      ) : (
        <div className="flex items-center gap-2">
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
      )}
    </div>
  );
}

/** The checker for a schema, loaded with its validator (Ajv or Zod) only when an output is asked for. */
function useTypedOutputChecker(outputSchema: JsonValue | undefined): TypedOutputChecker | null {
  const [checker, setChecker] = useState<TypedOutputChecker | null>(null);
  useEffect(() => {
    if (!isPlainObject(outputSchema)) return;
    let cancelled = false;
    void import('./check-typed-output').then((loaded) => {
      if (!cancelled) setChecker(() => loaded.createTypedOutputChecker(outputSchema as JsonSchema));
    });
    return () => {
      cancelled = true;
    };
  }, [outputSchema]);
  return checker;
}

function TypedOutputCheckView({ check }: { check: TypedOutputCheck }) {
  switch (check.kind) {
    case 'valid':
      return <p data-testid="output-check" data-valid="true" className="text-[11px] text-emerald-700 dark:text-emerald-400">Matches the output schema.</p>;
    case 'not-json':
      return (
        <p data-testid="output-check" data-valid="false" className="text-[11px] text-red-700 dark:text-red-400">
          Not valid JSON ({check.problem}): the runtime will refuse it.
        </p>
      );
    case 'invalid':
      return (
        <ul data-testid="output-check" data-valid="false" className="space-y-0.5 text-[11px]">
          {check.issues.map((issue, index) => (
            <li key={`${issue.path}-${index}`} data-testid="output-issue" className="text-red-700 dark:text-red-400">
              <code className="font-semibold">{issue.path || '/'}</code>: {issue.message}
            </li>
          ))}
        </ul>
      );
    case 'unavailable':
      return <p data-testid="output-check" className="text-[11px] text-fg-muted">{check.message}</p>;
  }
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
