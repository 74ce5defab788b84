import type { TimelineState } from '@/lib/runtime';

type AssembledTool = TimelineState['tools'][number];

/** Longer tool lists start collapsed so the timeline stays in view. */
const COLLAPSE_ABOVE = 12;

/** Tools in assembly order, grouped by namespace (no namespace first), each group at its first position. */
function groupByNamespace(tools: readonly AssembledTool[]): { namespace?: string; tools: AssembledTool[] }[] {
  const groups: { namespace?: string; tools: AssembledTool[] }[] = [];
  for (const tool of tools) {
    const group = groups.find((candidate) => candidate.namespace === tool.namespace);
    if (group) group.tools.push(tool);
    else groups.push({ namespace: tool.namespace, tools: [tool] });
  }
  return groups;
}

function ToolChip({ tool }: { tool: AssembledTool }) {
  return (
    <code
      title={`${tool.qualifiedName}: ${tool.source}, ${tool.executionMode}, ${tool.risk}${tool.strictified ? ', strictified' : ''}${tool.deferred ? ', deferred behind tool search' : ''}`}
      data-deferred={tool.deferred}
      className={`rounded px-1 font-mono ${tool.source === 'builtin' ? 'bg-violet-500/10' : 'bg-panel-muted'} ${tool.deferred ? 'italic opacity-60' : 'text-fg'}`}
    >
      {tool.name}
    </code>
  );
}

/** The turn's assembled tools by namespace; deferred ones dimmed, with how many are deferred. */
export function AssembledTools({ tools }: { tools: TimelineState['tools'] }) {
  if (tools.length === 0) return null;
  const deferred = tools.filter((tool) => tool.deferred).length;
  const groups = groupByNamespace(tools);
  return (
    <details data-testid="assembled-tools" data-deferred={deferred} open={tools.length <= COLLAPSE_ABOVE} className="space-y-0.5 text-fg-muted">
      <summary className="cursor-pointer">
        Tools: {tools.length}
        {deferred > 0 && <span>, {deferred} deferred behind tool search (shown in italics)</span>}
      </summary>
      {groups.map((group) => (
        <p key={group.namespace ?? ''} className="flex flex-wrap items-center gap-1">
          {group.namespace && <span className="font-mono text-sky-700 dark:text-sky-400">{group.namespace}.</span>}
          {group.tools.map((tool) => (
            <ToolChip key={tool.qualifiedName} tool={tool} />
          ))}
        </p>
      ))}
    </details>
  );
}
