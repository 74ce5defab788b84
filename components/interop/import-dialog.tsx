'use client';

import { useDeferredValue, useEffect, useMemo, useReducer, useRef, useState, type ChangeEvent } from 'react';
import { INPUT_CLASS } from '@/components/ui/field';
import { createPickerState, DEFER_LOADING_THRESHOLD, GROUP_PAGE_SIZE, groupImportedTools, isGroupOpen, matchesToolQuery, qualifyImportedTool, reducePicker, renderImportSelection, type PickerAction, type PickerState, type ToolGroup, importToolDefinitions, type ImportError, type ImportedTool, type ToolImport } from '@/lib/interop';
import { ModalFrame } from './modal-frame';

/** Typing pauses this long before the text is read again; a pasted or opened file is read at once. */
const TYPING_DELAY_MS = 300;
const BUTTON_CLASS = 'rounded border border-border bg-panel px-1.5 py-0.5 text-[11px] text-fg-muted hover:text-fg disabled:opacity-50';
const WARNING_CLASS = 'mt-1 list-disc space-y-0.5 pl-4 text-amber-800 dark:text-amber-300';

export type ImportDialogProps = {
  /** Receives the generated tool module; the page puts it in the editor. */
  onImport: (source: string) => void;
  onClose: () => void;
};

type Reading = { status: 'empty' } | { status: 'reading' } | { status: 'ok'; value: ToolImport; generation: number } | { status: 'error'; error: ImportError };
type Input = { text: string; immediate: boolean };

/** Paste or open an MCP tools/list result, an OpenAI/Chat Completions tools array or an OpenAPI/Swagger document, then pick the tools. */
export function ImportDialog({ onImport, onClose }: ImportDialogProps) {
  const [input, setInput] = useState<Input>({ text: '', immediate: true });
  const [fileError, setFileError] = useState<string | null>(null);
  const reading = useReading(input);
  const openFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    file.text().then(
      (content) => {
        setFileError(null);
        setInput({ text: content, immediate: true });
      },
      (error: unknown) => setFileError(`Could not read ${file.name}: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  return (
    <ModalFrame title="Import tools" testId="import-dialog" onClose={onClose}>
      <p className="text-xs text-fg-muted">
        An MCP <code>tools/list</code> result, an OpenAI Responses or Chat Completions <code>tools</code> array, or an OpenAPI 3 / Swagger 2.0 document (JSON
        or YAML). The tools you pick replace the tool module in the editor; each <code>execute</code> is a stub to fill in.
      </p>
      <label className={`mt-2 inline-flex cursor-pointer items-center focus-within:ring-2 focus-within:ring-blue-500 ${BUTTON_CLASS}`}>
        <input data-testid="import-file" type="file" accept=".json,.yaml,.yml,application/json,application/yaml" onChange={openFile} className="sr-only" />
        Open file…
      </label>
      <textarea
        data-testid="import-text"
        value={input.text}
        onChange={(event) => setInput({ text: event.target.value, immediate: false })}
        spellCheck={false}
        placeholder='{"tools": [...]}'
        className="mt-2 h-40 w-full rounded-md border border-border bg-panel-muted p-2 font-mono text-[11px] leading-4"
      />
      {fileError && <p className="mt-1 text-[11px] text-red-700 dark:text-red-400">{fileError}</p>}
      {reading.status === 'error' && (
        <p data-testid="import-error" data-code={reading.error.code} className="mt-1 text-[11px] text-red-700 dark:text-red-400">
          {reading.error.message}
        </p>
      )}
      {reading.status === 'reading' && <p className="mt-1 text-[11px] text-fg-muted">Reading…</p>}
      {reading.status === 'ok' ? (
        <ImportPreview
          key={reading.generation}
          imported={reading.value}
          onSubmit={(source) => {
            onImport(source);
            onClose();
          }}
        />
      ) : (
        <SubmitBar count={0} onSubmit={() => undefined} />
      )}
    </ModalFrame>
  );
}

/** Reads the input once per change: at once for a file, after a pause in typing otherwise. */
function useReading(input: Input): Reading {
  const [reading, setReading] = useState<Reading>({ status: 'empty' });
  const generation = useRef(0);
  useEffect(() => {
    if (input.text.trim() === '') {
      setReading({ status: 'empty' });
      return;
    }
    setReading({ status: 'reading' });
    const timer = setTimeout(() => {
      const result = importToolDefinitions(input.text);
      generation.current += 1;
      setReading(result.ok ? { status: 'ok', value: result.value, generation: generation.current } : { status: 'error', error: result.error });
    }, input.immediate ? 0 : TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  return reading;
}

function ImportPreview({ imported, onSubmit }: { imported: ToolImport; onSubmit: (source: string) => void }) {
  const [state, dispatch] = useReducer(reducePicker, imported, createPickerState);
  const query = useDeferredValue(state.query);
  const groups = useMemo(() => groupImportedTools(imported.tools), [imported]);
  const matching = useMemo(
    () => groups.map((group) => ({ ...group, tools: group.tools.filter((tool) => matchesToolQuery(tool, query)) })).filter((group) => group.tools.length > 0),
    [groups, query],
  );
  const matchingKeys = matching.flatMap((group) => group.tools.map(qualifyImportedTool));
  const total = imported.tools.length;
  return (
    <div data-testid="import-preview" data-format={imported.format} className="mt-2 text-[11px]">
      <p>
        {total} tool{total === 1 ? '' : 's'} in {imported.sourceLabel}
        {imported.skipped.length > 0 ? `; ${imported.skipped.length} could not be imported` : ''}.
      </p>
      <Findings testId="import-skipped" title={`${imported.skipped.length} skipped`} items={imported.skipped.map((entry) => `${entry.name ?? entry.pointer}: ${entry.reason}`)} />
      <Findings testId="import-notes" title={`${imported.notes.length} note${imported.notes.length === 1 ? '' : 's'}`} items={imported.notes} />
      <div data-testid="import-picker" className="mt-2 rounded-md border border-border">
        <div className="flex flex-wrap items-center gap-1.5 border-b border-border p-1.5">
          <input
            data-testid="import-search"
            type="search"
            value={state.query}
            onChange={(event) => dispatch({ type: 'search', query: event.target.value })}
            placeholder="Search name, namespace, description"
            className={`${INPUT_CLASS} min-w-40 flex-1`}
          />
          <button type="button" data-testid="import-select-all" className={BUTTON_CLASS} onClick={() => dispatch({ type: 'set-tools', keys: matchingKeys, selected: true })}>
            Select all
          </button>
          <button type="button" data-testid="import-select-none" className={BUTTON_CLASS} onClick={() => dispatch({ type: 'set-tools', keys: matchingKeys, selected: false })}>
            Select none
          </button>
          <span data-testid="import-count" className="text-fg-muted">
            {state.selected.size} of {total} selected
          </span>
        </div>
        <ul className="max-h-72 overflow-y-auto">
          {matching.map((group) => (
            <GroupRows key={group.key} group={group} state={state} dispatch={dispatch} />
          ))}
          {matching.length === 0 && <li className="p-2 text-fg-muted">No tool matches “{query}”.</li>}
        </ul>
      </div>
      {total > DEFER_LOADING_THRESHOLD && (
        <label className="mt-2 flex items-start gap-1.5">
          <input data-testid="import-defer" type="checkbox" checked={state.deferLoading} onChange={(event) => dispatch({ type: 'set-defer-loading', deferLoading: event.target.checked })} />
          <span>
            Defer loading (found through Tool Search)
            <span className="block text-fg-muted">
              Writes <code>deferLoading: true</code> on each tool: the model starts with none of their definitions and finds the ones it needs with OpenAI Tool Search, so a
              large catalog does not fill every request.
            </span>
          </span>
        </label>
      )}
      <SubmitBar count={state.selected.size} onSubmit={() => onSubmit(renderImportSelection(imported, state))} />
    </div>
  );
}

function GroupRows({ group, state, dispatch }: { group: ToolGroup; state: PickerState; dispatch: (action: PickerAction) => void }) {
  const keys = group.tools.map(qualifyImportedTool);
  const picked = keys.filter((key) => state.selected.has(key)).length;
  const open = isGroupOpen(state, group.key);
  const shown = state.shown[group.key] ?? GROUP_PAGE_SIZE;
  return (
    <li>
      <div className="flex items-center gap-1.5 bg-panel-muted px-1.5 py-1">
        <button type="button" aria-expanded={open} aria-label={`${open ? 'Collapse' : 'Expand'} ${group.key || 'tools without a namespace'}`} className="w-3 text-fg-muted" onClick={() => dispatch({ type: 'toggle-group', group: group.key })}>
          {open ? '▾' : '▸'}
        </button>
        <input
          type="checkbox"
          data-testid={`import-group-${group.key}`}
          aria-label={`Select every tool in ${group.key || 'no namespace'}`}
          checked={picked === keys.length}
          ref={(element) => {
            if (element) element.indeterminate = picked > 0 && picked < keys.length;
          }}
          onChange={() => dispatch({ type: 'set-tools', keys, selected: picked < keys.length })}
        />
        <span className="font-mono font-medium">{group.key || '(no namespace)'}</span>
        <span className="shrink-0 text-fg-muted">
          {picked}/{keys.length}
        </span>
        {group.description && <span className="truncate text-fg-muted">{group.description}</span>}
      </div>
      {open && (
        <ul>
          {group.tools.slice(0, shown).map((tool) => (
            <ToolRow key={qualifyImportedTool(tool)} tool={tool} checked={state.selected.has(qualifyImportedTool(tool))} dispatch={dispatch} />
          ))}
          {group.tools.length > shown && (
            <li className="px-6 py-0.5">
              <button type="button" className="text-blue-700 hover:underline dark:text-blue-400" onClick={() => dispatch({ type: 'show-more', group: group.key })}>
                Show {Math.min(GROUP_PAGE_SIZE, group.tools.length - shown)} more of {group.tools.length - shown}
              </button>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

function ToolRow({ tool, checked, dispatch }: { tool: ImportedTool; checked: boolean; dispatch: (action: PickerAction) => void }) {
  const key = qualifyImportedTool(tool);
  return (
    <li>
      <label className="flex items-baseline gap-1.5 px-6 py-0.5 hover:bg-panel-muted">
        <input type="checkbox" data-testid={`import-tool-${key}`} checked={checked} onChange={() => dispatch({ type: 'set-tools', keys: [key], selected: !checked })} />
        <span className="shrink-0 font-mono">
          {tool.namespace && <span className="text-fg-muted">{tool.namespace}.</span>}
          {tool.name}
        </span>
        <span className="truncate text-fg-muted" title={tool.description}>
          {tool.description.split('\n')[0]}
        </span>
      </label>
    </li>
  );
}

/** A list of warnings under a summary line, open when short. */
function Findings({ testId, title, items }: { testId: string; title: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <details data-testid={testId} open={items.length <= 5} className="mt-1">
      <summary className="cursor-pointer text-amber-800 dark:text-amber-300">{title}</summary>
      <ul className={WARNING_CLASS}>
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    </details>
  );
}

function SubmitBar({ count, onSubmit }: { count: number; onSubmit: () => void }) {
  return (
    <div className="mt-3 flex justify-end">
      <button
        type="button"
        data-testid="import-submit"
        disabled={count === 0}
        onClick={onSubmit}
        className="rounded-md bg-blue-600 px-3 py-1 text-xs font-medium text-white hover:bg-blue-700 disabled:opacity-50"
      >
        {count > 0 ? `Replace editor module with ${count} tool${count === 1 ? '' : 's'}` : 'Replace editor module'}
      </button>
    </div>
  );
}
