import type { RepairRung, RepairStep } from '@/lib/runtime';

const RUNG_LABELS: Record<RepairRung, string> = {
  'empty-to-object': 'empty → {}',
  'strip-code-fence': 'stripped code fence',
  'unwrap-fenced-array': 'unwrapped fenced block from [ ]',
  'strip-tag-wrapper': 'stripped tag wrapper',
  'extract-json-from-prose': 'extracted JSON from prose',
  'unwrap-double-encoded': 'unwrapped double-encoded JSON',
  'straighten-quotes': 'straightened typographic quotes',
  'escape-inner-quotes': 'escaped quotes inside strings',
  'fix-syntax': 'fixed syntax',
  'insert-missing-commas': 'inserted missing commas',
  'fix-closers': 'fixed mismatched closers',
  'close-truncated': 'closed truncated tail',
};

export type ArgumentsDiffProps = {
  /** The arguments exactly as the model sent them. */
  raw: string | undefined;
  repairs: RepairStep[];
};

function ArgumentsText({ text, testId }: { text: string; testId?: string }) {
  return (
    <pre
      data-testid={testId}
      className="max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-panel-muted px-2 py-1 font-mono text-[11px] leading-4"
    >
      {text === '' ? <span className="italic text-fg-muted">(empty string)</span> : text}
    </pre>
  );
}

/** The raw arguments and, when the repair ladder changed them, each rung's result in order. */
export function ArgumentsDiff({ raw, repairs }: ArgumentsDiffProps) {
  if (raw === undefined) return null;
  return (
    <div className="space-y-1" data-testid="arguments">
      <ArgumentsText text={raw} testId="raw-arguments" />
      {repairs.map((step, index) => (
        <div key={`${step.rung}-${index}`} data-testid="repair-step" data-rung={step.rung}>
          <p className="flex items-center gap-1.5 pl-1 text-[11px] text-emerald-700 dark:text-emerald-400">
            <span aria-hidden>↓</span>
            <code className="font-mono">{step.rung}</code>
            <span className="text-fg-muted">{RUNG_LABELS[step.rung]}</span>
          </p>
          <ArgumentsText text={step.after} />
        </div>
      ))}
    </div>
  );
}
