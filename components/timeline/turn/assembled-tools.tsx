import type { TimelineState } from '@/lib/runtime';

type AssembledTool = TimelineState['tools'][number];

const SOURCE_TONES: Record<AssembledTool['source'], string> = { module: 'bg-panel-muted', mcp: 'bg-sky-500/10', builtin: 'bg-violet-500/10' };

/** Longer tool lists start collapsed so the timeline stays in view. */
const COLLAPSE_ABOVE = 12;

type ToolGroup = { namespace?: string; server?: string; tools: AssembledTool[] };

/** Tools in assembly order, grouped by namespace (no namespace first), each group at its first position. */
function groupByNamespace(tools: readonly AssembledTool[]): ToolGroup[] {
  const groups: ToolGroup[] = [];
  for (const tool of tools) {
    const group = groups.find((candidate) => candidate.namespace === tool.namespace && candidate.server === tool.server);
    if (group) group.tools.push(tool);
    else groups.push({ namespace: tool.namespace, server: tool.server, tools: [tool] });
  }
  return groups;
}

/** Where a tool comes from, as people name it: a server's tools are the server's, not the module's. */
function describeSource(tool: AssembledTool): string {
  if (tool.source === 'mcp') return `MCP server ${tool.server ?? tool.namespace ?? ''}`.trim();
  return tool.source === 'builtin' ? 'built in' : 'module';
}

function ToolChip({ tool }: { tool: AssembledTool }) {
  return (
    <code
      data-source={tool.source}
      title={`${tool.qualifiedName}: ${describeSource(tool)}, ${tool.executionMode}, ${tool.risk}${tool.strictified ? ', strictified' : ''}${tool.deferred ? ', deferred behind tool search' : ''}`}
      data-deferred={tool.deferred}
      className={`rounded px-1 font-mono ${SOURCE_TONES[tool.source]} ${tool.deferred ? 'italic opacity-60' : 'text-fg'}`}
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
        <p key={`${group.server ?? ''}:${group.namespace ?? ''}`} className="flex flex-wrap items-center gap-1">
          {group.server !== undefined && (
            <span data-testid="assembled-tools-server" title={`These tools come from the MCP server ${group.server}`} className="rounded bg-sky-500/10 px-1 text-[10px] text-sky-800 dark:text-sky-300">
              MCP · {group.server}
            </span>
          )}
          {group.namespace && <span className="font-mono text-sky-700 dark:text-sky-400">{group.namespace}.</span>}
          {group.tools.map((tool) => (
            <ToolChip key={tool.qualifiedName} tool={tool} />
          ))}
        </p>
      ))}
    </details>
  );
}
