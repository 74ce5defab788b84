import { Badge } from '@/components/ui/badge';
import type { TimelineState, TurnInfo } from '@/lib/runtime/reduce-runtime-events';

export type TurnHeaderProps = {
  turn: TurnInfo;
  tools: TimelineState['tools'];
  deferralNote?: string;
};

/** Who the turn talks to, under which mode and permissions, with which assembled tools. */
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
      <p className="whitespace-pre-wrap rounded bg-panel-muted px-2 py-1">
        <span className="mr-1 text-fg-muted">User:</span>
        {turn.userMessage}
      </p>
      {tools.length > 0 && (
        <p className="flex flex-wrap items-center gap-1 text-fg-muted" data-testid="assembled-tools">
          Tools:
          {tools.map((tool) => (
            <code
              key={tool.qualifiedName}
              title={`${tool.source}, ${tool.executionMode}, ${tool.risk}${tool.strictified ? ', strictified' : ''}`}
              className={`rounded px-1 font-mono ${tool.source === 'builtin' ? 'bg-violet-500/10' : 'bg-panel-muted'} ${tool.deferred ? 'italic opacity-70' : ''}`}
            >
              {tool.qualifiedName}
              {tool.deferred ? ' (deferred)' : ''}
            </code>
          ))}
        </p>
      )}
      {deferralNote && <p className="text-fg-muted">{deferralNote}</p>}
    </header>
  );
}
