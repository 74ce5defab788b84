'use client';

import { useMemo, useState } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { checkProviderCompatibility, previewProviderTool, toInteropTool, type CompiledToolLike, type CompatibilityVerdict, type PreviewProvider, type ProviderTarget } from '@/lib/interop';

export type CompatibilityMatrixProps = { tool: CompiledToolLike };

const CELL_STYLES = {
  accepted: 'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-300',
  rewritten: 'border-sky-200 bg-sky-50 text-sky-800 dark:border-sky-900 dark:bg-sky-950/60 dark:text-sky-300',
  rejected: 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-300',
} as const;
const CELL_MARKS = { accepted: '✓', rewritten: '↻', rejected: '✗' } as const;

/** Whether OpenAI (strict and not), Anthropic (tools and strict tool use) and Gemini accept this tool, and why not. */
export function CompatibilityMatrix({ tool }: CompatibilityMatrixProps) {
  const verdicts = useMemo(() => {
    const interop = toInteropTool(tool);
    return checkProviderCompatibility({ name: interop.name, jsonSchema: interop.jsonSchema });
  }, [tool]);
  const [selected, setSelected] = useState<ProviderTarget | null>(null);
  const open = verdicts.find((verdict) => verdict.target === selected);
  const sendingProvider: PreviewProvider | null = selected === 'gemini' ? 'gemini' : selected === 'anthropic' || selected === 'anthropic-strict' ? 'anthropic' : null;
  const sending = useMemo(
    () => (sendingProvider ? previewProviderTool({ name: tool.name, namespace: tool.namespace, description: tool.description, parameters: tool.sentSchema, strict: tool.strict, deferLoading: tool.deferLoading }, sendingProvider) : null),
    [tool, sendingProvider],
  );
  return (
    <div data-testid="compatibility-matrix" className="mt-2">
      <div className="grid grid-cols-5 gap-1" role="list" aria-label="Provider compatibility">
        {verdicts.map((verdict) => {
          // Three states: as written, after the automatic rewrite (what the export and, for OpenAI strict, the runtime send), or not at all.
          const state = verdict.accepted ? 'accepted' : verdict.transformed ? 'rewritten' : 'rejected';
          return (
            <button
              key={verdict.target}
              type="button"
              role="listitem"
              data-testid={`compat-cell-${verdict.target}`}
              data-accepted={verdict.accepted}
              data-state={state}
              aria-pressed={selected === verdict.target}
              title={
                state === 'accepted'
                  ? `${verdict.label}: accepted as written`
                  : `${verdict.label}: ${state === 'rewritten' ? 'accepted after an automatic rewrite' : 'rejected'}\n${verdict.issues.map((issue) => issue.message).join('\n')}`
              }
              onClick={() => setSelected(selected === verdict.target ? null : verdict.target)}
              className={`rounded border px-1 py-0.5 text-left text-[10.5px] leading-4 ${CELL_STYLES[state]}`}
            >
              <span aria-hidden>{CELL_MARKS[state]}</span> {verdict.label}
            </button>
          );
        })}
      </div>
      {open && <VerdictDetails verdict={open} sending={sending ? `${sending.sentence} ${sending.namespaceNote}` : null} />}
    </div>
  );
}

function VerdictDetails({ verdict, sending }: { verdict: CompatibilityVerdict; sending: string | null }) {
  const transformedText = verdict.transformed ? JSON.stringify(verdict.transformed, null, 2) : '';
  return (
    <div data-testid="compat-details" className="mt-1 rounded border border-border bg-panel-muted p-2 text-[11px] leading-snug">
      {verdict.accepted && <p>{verdict.label} accepts this schema as written.</p>}
      {verdict.transformed && <p className="mb-1 font-medium">{verdict.label} rejects the schema as written; every issue has an automatic rewrite (below):</p>}
      {verdict.issues.length > 0 && (
        <ul data-testid="compat-issues" className="space-y-0.5">
          {verdict.issues.map((issue, index) => (
            <li key={`${issue.pointer}-${index}`}>
              <code className="font-semibold">{issue.pointer || '/'}</code> {issue.message}
              {!issue.fixable && <span className="text-red-700 dark:text-red-400"> (no automatic fix)</span>}
            </li>
          ))}
        </ul>
      )}
      {sending && (
        <p data-testid={`compat-${verdict.target === 'gemini' ? 'gemini' : 'anthropic'}-sent`} className="mt-1">
          {sending}
        </p>
      )}
      {verdict.remarks.map((remark) => (
        <p key={remark} className="mt-1 text-fg-muted">
          {remark}
        </p>
      ))}
      {verdict.transformed && (
        <div className="relative mt-2">
          <p className="mb-1 font-medium">A schema {verdict.label} accepts (the playground still validates arguments against the original):</p>
          <div className="absolute right-1.5 top-6">
            <CopyButton text={transformedText} />
          </div>
          <pre data-testid="compat-transformed" className="max-h-60 overflow-auto rounded border border-border bg-panel p-2 font-mono">
            {transformedText}
          </pre>
        </div>
      )}
      <p className="mt-1 text-fg-muted">
        Rules:{' '}
        <a href={verdict.source} target="_blank" rel="noreferrer" className="underline">
          {verdict.source}
        </a>
      </p>
    </div>
  );
}
