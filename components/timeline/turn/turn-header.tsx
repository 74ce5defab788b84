import { Badge } from '@/components/ui/badge';
import type { TimelineState, TurnInfo } from '@/lib/runtime';
import { AssembledTools } from './assembled-tools';

export type TurnHeaderProps = {
  turn: TurnInfo;
  tools: TimelineState['tools'];
  deferralNote?: string;
};

/** Who the turn talks to, under which mode, permissions and instructions, with which assembled tools, and why nothing is deferred when search is missing. */
export function TurnHeader({ turn, tools, deferralNote }: TurnHeaderProps) {
  return (
    <header data-testid="turn-header" className="space-y-1.5 text-xs">
      <p className="flex flex-wrap items-center gap-1.5">
        <Badge tone="blue" title="Model">
          {turn.model}
        </Badge>
        <Badge tone={turn.mode === 'task' ? 'violet' : 'neutral'} title="Turn mode">
          {turn.mode}
        </Badge>
        <Badge tone={turn.permissionMode === 'auto' ? 'neutral' : 'amber'} title="Permission mode">
          permissions: {turn.permissionMode}
        </Badge>
        <span className="text-fg-muted">up to {turn.maxIterations} iterations</span>
      </p>
      {turn.instructions && (
        <details data-testid="turn-instructions" className="rounded bg-panel-muted px-2 py-1">
          <summary className="cursor-pointer text-fg-muted">Instructions</summary>
          <p className="mt-1 whitespace-pre-wrap">{turn.instructions}</p>
        </details>
      )}
      <AssembledTools tools={tools} />
      {deferralNote && (
        <p
          role="note"
          data-testid="deferral-note"
          className="rounded border border-amber-300 bg-amber-50 px-2 py-1.5 font-medium text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          {deferralNote}
        </p>
      )}
    </header>
  );
}
