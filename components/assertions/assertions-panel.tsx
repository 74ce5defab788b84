'use client';

import { useMemo, useState } from 'react';
import { checkAssertions, type AssertionVerdict } from '@/lib/assertions';
import { describeAssertion, type SessionAssertion } from '@/lib/assertions';
import { readAssertions } from '@/lib/client/readers';
import type { RuntimeEvent } from '@/lib/runtime';
import type { SessionRecord } from '@/lib/sessions';
import { downloadTestExport } from './download-test-export';

const EXAMPLE = `[
  { "kind": "tool-called", "name": "get_weather", "called": true },
  { "kind": "no-rejected-calls" },
  { "kind": "final-text", "contains": "Paris" },
  { "kind": "max-iterations", "max": 4 }
]`;

export type AssertionsPanelProps = {
  /** The editor's text: a JSON list of assertions. */
  text: string;
  onChange: (text: string) => void;
  /** Each turn's events, as the timeline shows them. */
  turns: readonly (readonly RuntimeEvent[])[];
  /** A turn is still running: verdicts wait for its end. */
  running: boolean;
  /** On `/s/<id>`: the record, for exporting the assertions as a test file that replays it. */
  record?: SessionRecord;
};

/**
 * Expectations about the conversation's tool calls, checked after every run (and on a shared
 * session, against its recording): pass or fail each, with the reason; editable as JSON.
 */
export function AssertionsPanel({ text, onChange, turns, running, record }: AssertionsPanelProps) {
  const [editing, setEditing] = useState(false);
  const [exportNote, setExportNote] = useState<{ ok: boolean; text: string } | null>(null);
  const read = useMemo(() => readAssertions(text), [text]);
  const assertions = read.ok ? read.value : [];
  const verdicts = useMemo(() => (running || turns.length === 0 ? [] : checkAssertions(assertions, turns)), [assertions, turns, running]);
  const failing = verdicts.filter((verdict) => !verdict.pass).length;
  const summary = describeSummary({ count: assertions.length, running, checked: verdicts.length, failing });
  return (
    <section data-testid="assertions-panel" aria-label="Assertions" className="space-y-1.5 rounded-md border border-border bg-panel px-2 py-1.5 text-xs">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">Assertions</span>
        <span data-testid="assertions-summary" data-failing={failing} className={failing > 0 ? 'text-red-700 dark:text-red-400' : 'text-fg-muted'}>
          {summary}
        </span>
        <span className="ml-auto flex gap-1.5">
          {record && assertions.length > 0 && (
            <button
              type="button"
              data-testid="export-assertion-test"
              title="A folder (zip) with a Vitest file that replays this session's tapes through the bundled playground runtime and checks these assertions: npm install, then npx vitest run"
              onClick={() => {
                void downloadTestExport(record, assertions).then((result) =>
                  setExportNote(result.ok ? { ok: true, text: `Saved ${result.value}: unzip it, then npm install and npx vitest run.` } : { ok: false, text: result.error }),
                );
              }}
              className="rounded border border-border px-1.5 text-[11px] hover:bg-panel-muted"
            >
              Export test
            </button>
          )}
          <button
            type="button"
            data-testid="edit-assertions"
            aria-expanded={editing}
            onClick={() => setEditing((value) => !value)}
            className="rounded border border-border px-1.5 text-[11px] hover:bg-panel-muted"
          >
            {editing ? 'Done' : assertions.length === 0 ? 'Add' : 'Edit'}
          </button>
        </span>
      </div>
      {exportNote && (
        <p data-testid="export-assertion-test-note" role={exportNote.ok ? 'status' : 'alert'} className={`text-[11px] ${exportNote.ok ? 'text-fg-muted' : 'text-red-700 dark:text-red-400'}`}>
          {exportNote.text}
        </p>
      )}
      {editing && <AssertionsEditor text={text} onChange={onChange} error={read.ok ? undefined : read.error} empty={assertions.length === 0} />}
      {verdicts.length > 0 && <VerdictList verdicts={verdicts} assertions={assertions} />}
    </section>
  );
}

function describeSummary({ count, running, checked, failing }: { count: number; running: boolean; checked: number; failing: number }): string {
  if (count === 0) return 'none';
  if (running) return `${count}, checked when the turn ends`;
  if (checked === 0) return `${count}, checked after a run`;
  return failing === 0 ? `${checked} pass` : `${failing} of ${checked} fail`;
}

type AssertionsEditorProps = { text: string; onChange: (text: string) => void; error: string | undefined; empty: boolean };

/** The assertions as JSON text, why they do not read, and the kinds there are. */
function AssertionsEditor({ text, onChange, error, empty }: AssertionsEditorProps) {
  return (
    <div className="space-y-1">
      <textarea
        data-testid="assertions-text"
        aria-label="Assertions as JSON"
        value={text}
        spellCheck={false}
        rows={Math.min(14, Math.max(4, text.split('\n').length))}
        onChange={(event) => onChange(event.target.value)}
        className="block w-full resize-y rounded border border-border bg-panel px-2 py-1 font-mono text-[12px]"
      />
      {error !== undefined && (
        <p data-testid="assertions-error" role="alert" className="text-[11px] text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <p className="text-[11px] text-fg-muted">
        Kinds: tool-called, call-order, arguments-match (partial value or JSON Schema), no-rejected-calls, no-denied-calls, final-text
        (contains / matches), task-result-valid, max-iterations, max-tokens, first-call, valid-call-within (name, schema, iterations),
        no-repaired-calls, tool-set (names, minF1); add <code>&quot;turn&quot;: 0</code> for one turn.{' '}
        {empty && (
          <button type="button" onClick={() => onChange(EXAMPLE)} className="underline hover:text-fg">
            Insert an example
          </button>
        )}
      </p>
    </div>
  );
}

type VerdictListProps = { verdicts: AssertionVerdict[]; assertions: readonly SessionAssertion[] };

/** Pass or fail for each assertion, with the reason a failing one gives. */
function VerdictList({ verdicts, assertions }: VerdictListProps) {
  return (
    <ul className="space-y-0.5">
      {verdicts.map((verdict) => {
        const assertion = assertions[verdict.index];
        return (
          <li key={verdict.index} data-testid="assertion-verdict" data-pass={verdict.pass ? 'true' : 'false'} className="flex gap-1.5">
            <span aria-hidden className={verdict.pass ? 'text-emerald-600' : 'text-red-600'}>
              {verdict.pass ? '✓' : '✗'}
            </span>
            <span>
              {assertion ? describeAssertion(assertion) : `Assertion ${verdict.index + 1}`}
              {!verdict.pass && <span className="block text-[11px] text-red-700 dark:text-red-400">{verdict.message}</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
