import type { ImportedTool, RecordedOutput } from './imported-tool';
import { importMcpTools } from './import-mcp-tools';
import { relaxUnstrictableTool } from './relax-unstrictable-tool';
import { renderToolModule } from './render-tool-module';

/** A live server's tools (as `tools/list` gives them) and what its tools answered, by tool name. */
export type McpSnapshotInput = {
  /** Names the server in the module's header comment, e.g. `the MCP server weather 1.2.0`. */
  serverLabel: string;
  /** The namespace the tools keep, so calls stay `namespace.tool` as they were against the server. */
  namespace: string;
  tools: readonly unknown[];
  recorded: ReadonlyMap<string, readonly RecordedOutput[]>;
};

/** What a snapshot wrote: the module, how many tools it holds, how many answer from recordings, and what could not be read. */
export type McpSnapshot = { source: string; toolCount: number; recordedCount: number; skipped: string[] };

/**
 * The server's tools as a tool module: one `defineTool` each, in the server's namespace, whose
 * `execute` answers with the outputs the server gave (or none, so a person answers), so a schema
 * can be edited and tried against the server's real answers without the server.
 */
export function snapshotMcpServer({ serverLabel, namespace, tools, recorded }: McpSnapshotInput): McpSnapshot {
  const imported = importMcpTools([...tools], '/tools');
  const written: ImportedTool[] = imported.tools.map((tool) => {
    const outputs = recorded.get(tool.name);
    const relaxed = relaxUnstrictableTool({ ...tool, namespace, origin: `${namespace}.${tool.name}` }, {});
    return outputs && outputs.length > 0 ? { ...relaxed, recordedOutputs: [...outputs] } : relaxed;
  });
  return {
    source: renderToolModule({ tools: written, definitions: {}, sourceLabel: serverLabel, unrecorded: 'by-hand' }),
    toolCount: written.length,
    recordedCount: written.filter((tool) => tool.recordedOutputs).length,
    skipped: imported.skipped.map((entry) => entry.reason),
  };
}
