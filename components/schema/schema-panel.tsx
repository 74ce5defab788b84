import { useMemo, type ReactNode } from 'react';
import { ExportButton } from '@/components/interop/export-button';
import { ImportButton } from '@/components/interop/import-button';
import { NewToolButton } from './new-tool-button';
import type { CompileState } from '@/lib/client';
import type { PermissionMode } from '@/lib/runtime';
import { selectSchemaView } from '@/lib/client/compile';
import type { McpServerRequest, SourcedToolSummary } from '@/lib/client/mcp';
import { DiagnosticsList } from './diagnostics-list';
import { ToolList } from '@/components/schema/tool-list';

export type SchemaPanelProps = {
  compile: CompileState;
  permissionMode: PermissionMode;
  /** Receives a new tool module (imported definitions, or the module with a starter tool added); it replaces the editor's module. */
  onImportTools: (source: string) => void;
  /** Qualified names of the tools whose calls a person answers. */
  answerByHand?: string[];
  /** Shows an "answer by hand" switch on every tool card. */
  onToggleAnswerByHand?: (tool: string, enabled: boolean) => void;
  /** The editor's module: a tool card's Try runs it, so Try shows only when it is given. */
  source?: string;
  /** Seed files (the files tab, parsed) and the seed a Try runs with, as a turn would. */
  files?: Record<string, string>;
  seed?: number;
  /** The Sources section (the module and MCP servers), shown above the tools. */
  sources?: ReactNode;
  /** Connected servers' tools, listed after the module's. */
  serverTools?: readonly SourcedToolSummary[];
  /** The servers a server tool's Try sends. */
  mcpServers?: readonly McpServerRequest[];
  renderToolControls?: (tool: SourcedToolSummary) => ReactNode;
};

/** What each tool turns into, kept in step with the editor; a large module (an imported catalog) is a filterable, virtualized list. */
export function SchemaPanel(props: SchemaPanelProps) {
  const { compile, permissionMode, onImportTools, answerByHand, onToggleAnswerByHand, source, files, seed, sources, serverTools, mcpServers, renderToolControls } = props;
  const view = selectSchemaView(compile);
  // The cards describe an older source than the editor's (a preset was just loaded, or typing is
  // ahead of the compiler): dimmed after a short delay, so quick recompiles while typing do not flicker.
  const behind = source !== undefined && compile.latest !== null && compile.latest.source !== source;
  // Memoized so that rows (memoized too) re-render only when what a Try runs with changes.
  const tryContext = useMemo(
    () => (source === undefined ? undefined : { source, files: files ?? {}, seed: seed ?? 1, permissionMode, answerByHand: answerByHand ?? [], mcpServers }),
    [source, files, seed, permissionMode, answerByHand, mcpServers],
  );
  const tools = useMemo(() => (serverTools && serverTools.length > 0 ? [...view.tools, ...serverTools] : view.tools), [view.tools, serverTools]);
  const serverToolCount = serverTools?.length ?? 0;
  return (
    <section aria-label="Schemas" data-testid="schema-panel" className="flex h-full min-h-0 flex-col">
      <div className="flex h-9 shrink-0 items-center justify-between gap-2 border-b border-border bg-panel-muted px-3">
        <h2 className="min-w-0 truncate whitespace-nowrap text-xs font-semibold" title={`${tools.length} tool${tools.length === 1 ? '' : 's'}${serverToolCount > 0 ? `, ${serverToolCount} from MCP servers` : ''}`}>
          Schemas{' '}
          <span className="font-normal text-fg-muted">
            · {tools.length} tool{tools.length === 1 ? '' : 's'}
            {serverToolCount > 0 && ` (${serverToolCount} MCP)`}
          </span>
        </h2>
        <div className="flex shrink-0 items-center gap-1.5 whitespace-nowrap">
          <span
            data-testid="compile-status"
            data-pending={compile.pending}
            className={`text-[11px] text-fg-muted transition-opacity ${compile.pending ? 'mr-1 opacity-100' : 'w-0 overflow-hidden opacity-0'}`}
            aria-live="polite"
          >
            compiling…
          </span>
          {source !== undefined && <NewToolButton source={source} onAdd={onImportTools} />}
          <ImportButton onImport={onImportTools} />
          <ExportButton tools={view.tools} moduleKey={view.moduleKey} />
        </div>
      </div>
      {sources}
      <ToolList
        tools={tools}
        moduleKey={view.moduleKey}
        stale={view.showingLastGood}
        behind={behind}
        permissionMode={permissionMode}
        answerByHand={answerByHand}
        onToggleAnswerByHand={onToggleAnswerByHand}
        tryContext={tryContext}
        renderToolControls={renderToolControls}
      >
        <DiagnosticsList diagnostics={view.diagnostics} failure={view.failure} />
        {view.showingLastGood && (
          <p data-testid="last-good-banner" className="text-[11px] font-medium text-amber-700 dark:text-amber-400">
            Showing last good compile — fix the errors above to update.
          </p>
        )}
        {view.empty && serverToolCount === 0 && (
          <p className="text-xs text-fg-muted">{compile.pending || (source ?? '').trim() !== '' ? 'Compiling…' : 'Write a tool module to see its schemas.'}</p>
        )}
        {!view.empty && view.tools.length === 0 && view.failure === null && !view.diagnostics.some((item) => item.severity === 'error') && (
          <p className="text-xs text-fg-muted">The module exports no tools.</p>
        )}
      </ToolList>
    </section>
  );
}
