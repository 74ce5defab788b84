import type { SandboxStep } from '@/lib/runtime';

export type SandboxStepRowProps = {
  /** From `sandbox-ready` or `sandbox-error`; absent while the sandbox opens and in turns that needed none. */
  sandbox?: SandboxStep;
  /** The turn is live and its sandbox has not reported yet. */
  preparing: boolean;
};

/** The turn's sandbox as a step of the timeline: opening, ready after how long, or why the module did not evaluate. */
export function SandboxStepRow({ sandbox, preparing }: SandboxStepRowProps) {
  if (!sandbox) {
    if (!preparing) return null;
    return (
      <p data-testid="sandbox-step" data-status="preparing" className="flex items-center gap-1.5 text-[11px] text-fg-muted" aria-live="polite">
        <span aria-hidden className="size-1.5 animate-pulse rounded-full bg-accent" />
        Preparing the sandbox…
      </p>
    );
  }
  if (sandbox.status === 'ready') {
    return (
      <p data-testid="sandbox-step" data-status="ready" className="flex items-center gap-1.5 text-[11px] text-fg-muted">
        <span aria-hidden className="size-1.5 rounded-full bg-emerald-500" />
        <span>{`Sandbox ready · ${formatDuration(sandbox.durationMs)} · ${sandbox.toolCount} tool${sandbox.toolCount === 1 ? '' : 's'}`}</span>
      </p>
    );
  }
  return (
    <section
      data-testid="sandbox-step"
      data-status="failed"
      data-code={sandbox.code}
      role="alert"
      className="space-y-1 rounded border border-red-300 bg-red-50 px-2 py-1.5 text-xs text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
    >
      <p className="font-semibold">{sandbox.code === 'module-error' ? 'The tool module did not evaluate' : sandbox.code === 'mcp-server-unavailable' ? 'An MCP server could not be used' : 'The sandbox did not open'}</p>
      <p className="whitespace-pre-wrap break-words">{sandbox.message}</p>
      {sandbox.diagnostics.length > 0 && (
        <ul className="space-y-0.5 font-mono text-[11px]">
          {sandbox.diagnostics.map((diagnostic, index) => (
            <li key={`${diagnostic.line}:${diagnostic.column}:${index}`} data-testid="sandbox-diagnostic" data-severity={diagnostic.severity} className="flex gap-2">
              <span className="shrink-0 opacity-80">
                tools.ts:{diagnostic.line}:{diagnostic.column}
              </span>
              <span className="min-w-0 break-words">{diagnostic.message}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
