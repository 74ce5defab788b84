import type { ArgumentCheck } from '@/lib/client/arguments';

/** What the runtime would make of the typed arguments, as hints: nothing here blocks Run. */
export function ArgumentCheckView({ check, pending }: { check: ArgumentCheck; pending: boolean }) {
  const { parse, validation } = check;
  return (
    <div data-testid="try-check" data-pending={pending} data-validation={validation.kind} className={`space-y-0.5 text-[11px] leading-snug ${pending ? 'opacity-60' : ''}`}>
      {parse.kind === 'repaired' && (
        <p data-testid="try-parse-hint" className="text-amber-700 dark:text-amber-400">
          {describeProblem(parse.problem)}. The repair ladder would fix it ({parse.rungs.join(', ')}); Run sends the text as typed.
        </p>
      )}
      {parse.kind === 'refused' && (
        <p data-testid="try-parse-hint" className="text-red-700 dark:text-red-400">
          {describeProblem(parse.problem)}, and the repair ladder refuses it: {parse.message} Run sends it anyway, as a model&apos;s call would be.
        </p>
      )}
      {validation.kind === 'valid' && <p className="text-emerald-700 dark:text-emerald-400">Matches the schema.</p>}
      {validation.kind === 'invalid' && (
        <ul data-testid="try-issues" className="space-y-0.5">
          {validation.issues.map((issue, index) => (
            <li key={`${issue.path}-${index}`} data-testid="try-issue" className="text-red-700 dark:text-red-400">
              <code className="font-semibold">{issue.path}</code>: {issue.message}
            </li>
          ))}
        </ul>
      )}
      {validation.kind === 'unavailable' && <p className="text-fg-muted">{validation.message}</p>}
    </div>
  );
}

/** Why the text needs the ladder: not JSON as typed, or JSON of the wrong shape (a string holding the object, say). */
function describeProblem(problem: string | undefined): string {
  return problem === undefined ? 'JSON, but not an object' : `Not valid JSON (${problem})`;
}
