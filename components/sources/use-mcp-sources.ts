'use client';

import { useMemo, type Dispatch } from 'react';
import type { PlaygroundAction, PlaygroundState, RunState } from '@/lib/client';
import { toolDetails } from '@/lib/client/api';
import { buildMcpServer, selectMcpTools, type McpServerEntry, type McpServerRequest, type SourcedToolView } from '@/lib/client/mcp';
import { useMcpConnector, type McpConnector } from './use-mcp-connector';
import { useRelistOnToolChanges } from './use-relist-on-tool-changes';
import { useSessionMcpServers } from './use-session-mcp-servers';

export type McpSources = {
  connector: McpConnector;
  /** Every connected server's tools, as the schema panel lists them after the module's. */
  serverTools: SourcedToolView[];
  /** Every server as a direct call (Try) sends it: a Try reaches a server even when turns leave it out. */
  tryServers: McpServerRequest[];
};

/**
 * The page's MCP sources: kept in the tab's session storage, connected, listed for the schema panel
 * and Try, and listed again when the current run says a server's tools changed.
 */
export function useMcpSources(state: Pick<PlaygroundState, 'mcpServers' | 'compile'>, dispatch: Dispatch<PlaygroundAction>, run: Pick<RunState, 'runId' | 'events'>): McpSources {
  const connector = useMcpConnector(dispatch);
  useSessionMcpServers(state.mcpServers, dispatch, connector);
  useRelistOnToolChanges(run, state.mcpServers, connector);
  // Recomputed after each compile too: the rows read a server tool's detail from the page's store by
  // key, and a compile may have pushed an older entry out of it.
  const serverTools = useMemo(() => state.mcpServers.flatMap(listServerTools), [state.mcpServers, state.compile]);
  const tryServers = useMemo(
    () =>
      state.mcpServers.map((entry) => {
        const { tools: _included, ...server } = buildMcpServer(entry);
        return server;
      }),
    [state.mcpServers],
  );
  return { connector, serverTools, tryServers };
}

/** A server's tools for the panel, their details kept in the page's store (the listing carries them inline). */
function listServerTools(entry: McpServerEntry): SourcedToolView[] {
  const tools = selectMcpTools(entry);
  const moduleKey = tools[0]?.origin?.moduleKey;
  if (moduleKey) {
    const details = tools.map(({ jsonSchema, sentSchema, strictReport, strictified }) => ({ jsonSchema, sentSchema, strictReport, strictified }));
    toolDetails.remember('', { moduleKey, tools, details, diagnostics: [] });
  }
  return tools;
}
