'use client';

import { useCallback, useState, type Dispatch } from 'react';
import { selectModelConfigs, selectSendingProvider, type PlaygroundAction, type PlaygroundState } from '@/lib/client';
import { selectSchemaView } from '@/lib/client/compile';
import { snapshotServerModule, type McpServerEntry, type SourcedToolSummary } from '@/lib/client/mcp';
import { SchemaPanel, SendingProviderContext } from '@/components/schema';
import { McpToolControls, SourcesSection, type McpSources } from '@/components/sources';
import { SchemaModelSwitch } from '@/components/playground/side-by-side';

export type SchemaColumnProps = {
  state: PlaygroundState;
  dispatch: Dispatch<PlaygroundAction>;
  files: Record<string, string>;
  /** The page's MCP sources (kept by the playground, which outlives a layout change that remounts this column). */
  mcp: McpSources;
};

/**
 * The schema panel with its Sources: the module's tools and the connected MCP servers' tools, side
 * by side. With several models side by side, a switch chooses whose provider the cards show the tools as.
 */
export function SchemaColumn({ state, dispatch, files, mcp }: SchemaColumnProps) {
  const { connector, serverTools, tryServers } = mcp;
  const configs = selectModelConfigs(state);
  const [chosen, setChosen] = useState(0);
  // A removed column falls back to model 1.
  const shown = chosen < configs.length ? chosen : 0;
  const snapshot = useSnapshot(state, dispatch);
  const entries = state.mcpServers;
  const renderToolControls = useCallback(
    (tool: SourcedToolSummary) => {
      const entry = entries.find((candidate) => candidate.id === tool.origin?.entryId);
      return entry ? <McpToolControls tool={tool} entry={entry} dispatch={dispatch} /> : null;
    },
    [entries, dispatch],
  );
  return (
    <SendingProviderContext value={selectSendingProvider(configs[shown] ?? state.model)}>
      <SchemaPanel
      compile={state.compile}
      permissionMode={state.permissionMode}
      onImportTools={(source) => dispatch({ type: 'document-changed', tab: 'tools', text: source })}
      answerByHand={state.answerByHand}
      onToggleAnswerByHand={(tool, enabled) => dispatch({ type: 'answer-by-hand-toggled', tool, enabled })}
      source={state.documents.tools}
      files={files}
      seed={state.model.seed}
      serverTools={serverTools}
      mcpServers={tryServers}
      renderToolControls={renderToolControls}
      sources={
        <>
          <SourcesSection servers={entries} moduleToolCount={selectSchemaView(state.compile).tools.length} dispatch={dispatch} connector={connector} onSnapshot={snapshot} />
          {configs.length > 1 && <SchemaModelSwitch configs={configs} selected={shown} onSelect={setChosen} />}
        </>
      }
      />
    </SendingProviderContext>
  );
}

/** Writes a connected server's tools into the editor and leaves the server out of turns, so the module's tools do not clash with its own. */
function useSnapshot(state: PlaygroundState, dispatch: Dispatch<PlaygroundAction>): (entry: McpServerEntry) => string {
  const { conversation } = state;
  return useCallback(
    (entry: McpServerEntry) => {
      if (entry.connection.status !== 'connected') return 'Connect the server first: a snapshot writes the tools it lists.';
      const written = snapshotServerModule({ ...entry, connection: entry.connection }, conversation);
      dispatch({ type: 'document-changed', tab: 'tools', text: written.source });
      dispatch({ type: 'mcp-server-included', id: entry.id, included: false });
      const skipped = written.skipped.length > 0 ? ` ${written.skipped.length} could not be read: ${written.skipped.join(' ')}` : '';
      return `Wrote ${written.toolCount} tool${written.toolCount === 1 ? '' : 's'} into tools.ts (${written.recordedCount} answer with outputs recorded in this conversation; the others ask you). The server is now left out of turns so its names do not clash; tick “Offer to turns” to use it live again.${skipped}`;
    },
    [conversation, dispatch],
  );
}
