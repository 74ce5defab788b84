import { diffLines } from '@/lib/client/line-diff';
import { CopyButton } from '@/components/ui/copy-button';

export type SchemaDiffProps = { authored: object; strictified: object; changes: { pointer: string; change: string }[] };

/** The strictified schema as a line diff against the authored one, with the list of changes. */
export function SchemaDiff({ authored, strictified, changes }: SchemaDiffProps) {
  const strictifiedText = JSON.stringify(strictified, null, 2);
  const lines = diffLines(JSON.stringify(authored, null, 2), strictifiedText);
  return (
    <div data-testid="strictified-diff" className="space-y-1.5">
      <div className="flex items-center justify-between">
        <span className="text-[11px] font-medium text-fg-muted">Converted schema (sent instead)</span>
        <CopyButton text={strictifiedText} label="Copy schema" testId="copy-strictified" />
      </div>
      {changes.length > 0 && (
        <ul className="space-y-0.5 text-[11px]">
          {changes.map((change, index) => (
            <li key={`${change.pointer}-${index}`}>
              <code className="text-violet-700 dark:text-violet-300">{change.pointer || '/'}</code>{' '}
              <span className="text-fg-muted">{change.change}</span>
            </li>
          ))}
        </ul>
      )}
      <pre className="max-h-72 overflow-auto rounded border border-border bg-panel-muted py-1 font-mono text-[11px] leading-4">
        {lines.map((line, index) => (
          <div
            key={index}
            className={
              line.kind === 'added'
                ? 'bg-emerald-100/80 text-emerald-900 dark:bg-emerald-950/70 dark:text-emerald-200'
                : line.kind === 'removed'
                  ? 'bg-red-100/80 text-red-900 line-through decoration-red-400/50 dark:bg-red-950/60 dark:text-red-200'
                  : ''
            }
          >
            <span aria-hidden className="inline-block w-5 select-none pl-1.5 text-fg-muted">
              {line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : ' '}
            </span>
            {line.text}
          </div>
        ))}
      </pre>
    </div>
  );
}
