import { isDroppingChange, type StrictifyChange } from '@/lib/runtime';
import { type CompiledToolView, describeStrictRule } from '@/lib/client/compile';

/**
 * What strict mode made of the authored schema, as quiet as it deserves: nothing when accepted as
 * written; one line for the routine conversion (objects closed, optional fields made nullable);
 * a warning naming each keyword the conversion drops, which the model then no longer reads; the
 * rules broken when it cannot be converted. The changes, per JSON path, open on demand.
 */
export function StrictConversionNote({ tool }: { tool: CompiledToolView }) {
  const { violations } = tool.strictReport;
  if (!tool.strictified) {
    if (violations.length === 0) return null;
    return (
      <div data-testid="strict-violations" data-fixed="false" className="mt-2 rounded border border-red-200 bg-red-50/60 p-2 dark:border-red-900/70 dark:bg-red-950/30">
        <p className="text-[11px] font-medium">OpenAI strict mode rejects this schema and it cannot be converted automatically: a turn will refuse to start.</p>
        <ul className="mt-1 space-y-1">
          {violations.map((violation, index) => (
            <li key={`${violation.pointer}-${index}`} data-testid="strict-violation" className="text-[11px] leading-snug">
              <code className="font-semibold text-fg">{violation.pointer || '/'}</code> {describeStrictRule(violation.rule)}
              <span className="block text-fg-muted" title="OpenAI's own message for this rule">
                OpenAI: “{violation.message}”
              </span>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const { changes } = tool.strictified;
  const dropped = changes.filter(isDroppingChange);
  return (
    <div className="mt-2 text-[11px] leading-snug">
      {dropped.length > 0 ? (
        <div data-testid="strict-warning" className="rounded border border-amber-200 bg-amber-50/70 p-2 dark:border-amber-900/70 dark:bg-amber-950/30">
          <p className="font-medium">
            Sent strict, but the conversion drops {dropped.length} keyword{dropped.length === 1 ? '' : 's'} the model would have read (arguments are still
            validated against {dropped.length === 1 ? 'it' : 'them'}):
          </p>
          <ChangeList changes={dropped} />
        </div>
      ) : (
        <p data-testid="strict-note" className="text-fg-muted">
          Sent strict after the routine conversion: objects closed, optional fields sent as nullable (the tool drops the nulls before validating).
        </p>
      )}
      <details data-testid="strictified-diff" className="group/changes mt-1">
        <summary className="cursor-pointer text-fg-muted select-none hover:text-fg">
          <span aria-hidden className="inline-block transition-transform group-open/changes:rotate-90">▸</span> What changed, by JSON path ({changes.length})
        </summary>
        <ChangeList changes={changes} />
        <ul className="mt-1 space-y-0.5 text-fg-muted">
          {violations.map((violation, index) => (
            <li key={`${violation.pointer}-${index}`} data-testid="strict-violation">
              Rule at <code>{violation.pointer || '/'}</code>: {describeStrictRule(violation.rule)}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

function ChangeList({ changes }: { changes: readonly StrictifyChange[] }) {
  return (
    <ul className="mt-1 space-y-0.5">
      {changes.map((change, index) => (
        <li key={`${change.pointer}-${index}`} data-testid="strict-change">
          <code className="text-violet-700 dark:text-violet-300">{change.pointer || '/'}</code> <span className="text-fg-muted">{change.change}</span>
        </li>
      ))}
    </ul>
  );
}
