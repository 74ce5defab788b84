'use client';

import { useEffect, useMemo, useState } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { INPUT_CLASS, Field } from '@/components/ui/field';
import type { CompiledToolSummary, CompiledToolView } from '@/lib/client/compile';
import { toolDetails, withToolDetail } from '@/lib/client/api';
import { EXPORT_FORMATS, type ExportFormat, exportTools, toInteropTool } from '@/lib/interop';
import { downloadText } from './download-text';
import { ModalFrame } from './modal-frame';

const ALL_TOOLS = '*';

export type ExportDialogProps = {
  tools: readonly CompiledToolSummary[];
  /** The compile the tools come from; a large module's schemas are fetched by it. */
  moduleKey: string;
  /** Preselects one tool (its qualified name); the whole set otherwise. */
  initialToolName?: string;
  onClose: () => void;
};

/** The current tool set (or one tool) as OpenAI, Chat Completions, AI SDK, Agents SDK, TanStack AI or MCP definitions. */
export function ExportDialog({ tools, moduleKey, initialToolName, onClose }: ExportDialogProps) {
  const [format, setFormat] = useState<ExportFormat>('openai-responses');
  const [scope, setScope] = useState(initialToolName ?? ALL_TOOLS);
  const selected = useMemo(() => (scope === ALL_TOOLS ? tools : tools.filter((tool) => tool.qualifiedName === scope)), [tools, scope]);
  const loaded = useLoadedTools(moduleKey, selected);
  // The code targets carry the user's execute code: the module the tools were compiled from.
  const moduleSource = toolDetails.sourceOf(moduleKey);
  const artifact = useMemo(
    () => (loaded.tools ? exportTools(loaded.tools.map(toInteropTool), format, { moduleSource }) : null),
    [loaded.tools, format, moduleSource],
  );
  return (
    <ModalFrame title="Export tools" testId="export-dialog" onClose={onClose}>
      <div className="flex flex-wrap items-end gap-3">
        <Field label="Format" className="w-64">
          <select data-testid="export-format" className={INPUT_CLASS} value={format} onChange={(event) => setFormat(event.target.value as ExportFormat)}>
            {EXPORT_FORMATS.map((item) => (
              <option key={item.format} value={item.format}>
                {item.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Tools" className="w-56">
          <select data-testid="export-scope" className={INPUT_CLASS} value={scope} onChange={(event) => setScope(event.target.value)}>
            <option value={ALL_TOOLS}>All {tools.length} tools</option>
            {tools.map((tool) => (
              <option key={tool.qualifiedName} value={tool.qualifiedName}>
                {tool.qualifiedName}
              </option>
            ))}
          </select>
        </Field>
        {artifact && (
          <div className="ml-auto flex gap-2">
            <CopyButton text={artifact.text} testId="export-copy" />
            <button
              type="button"
              data-testid="export-download"
              onClick={() => downloadText(artifact.fileName, artifact.text)}
              className="rounded border border-border bg-panel px-1.5 py-0.5 text-[11px] text-fg-muted hover:text-fg"
            >
              Download {artifact.fileName}
            </button>
          </div>
        )}
      </div>
      {!artifact && (
        <p data-testid="export-loading" className={`mt-3 text-[11px] ${loaded.error ? 'text-red-700 dark:text-red-400' : 'text-fg-muted'}`}>
          {loaded.error ? `Could not load the tools' schemas: ${loaded.error}` : `Loading the schemas of ${selected.length} tool${selected.length === 1 ? '' : 's'}…`}
        </p>
      )}
      {artifact?.nativeCodeWarning && (
        <p data-testid="export-native-warning" role="note" className="mt-3 rounded border border-amber-400/60 bg-amber-50 px-2 py-1.5 text-[11px] leading-snug text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
          <span className="font-semibold">Runs natively.</span> {artifact.nativeCodeWarning}
        </p>
      )}
      {artifact && artifact.notes.length > 0 && (
        <ul data-testid="export-notes" className="mt-3 list-disc space-y-0.5 pl-4 text-[11px] text-amber-800 dark:text-amber-300">
          {artifact.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {artifact && (
        <pre data-testid="export-text" data-format={artifact.format} className="mt-3 max-h-[55vh] overflow-auto rounded border border-border bg-panel-muted p-2 font-mono text-[11px] leading-4">
          {artifact.text}
        </pre>
      )}
    </ModalFrame>
  );
}

/** The selected tools with their details: at once when the page holds them, otherwise after fetching them. */
function useLoadedTools(moduleKey: string, selected: readonly CompiledToolSummary[]): { tools: CompiledToolView[] | null; error: string | null } {
  const known = useMemo(() => {
    const views: CompiledToolView[] = [];
    for (const tool of selected) {
      const detail = toolDetails.peek(moduleKey, tool.index);
      if (!detail) return null;
      views.push(withToolDetail(tool, detail));
    }
    return views;
  }, [moduleKey, selected]);
  const [fetched, setFetched] = useState<{ for: readonly CompiledToolSummary[]; tools: CompiledToolView[] | null; error: string | null } | null>(null);
  useEffect(() => {
    if (known) return;
    let current = true;
    void toolDetails.load(moduleKey, selected.map((tool) => tool.index)).then((result) => {
      if (!current) return;
      if (result.ok) setFetched({ for: selected, tools: selected.map((tool, position) => withToolDetail(tool, result.value[position]!)), error: null });
      else setFetched({ for: selected, tools: null, error: result.error.message });
    });
    return () => {
      current = false;
    };
  }, [known, moduleKey, selected]);
  if (known) return { tools: known, error: null };
  return fetched?.for === selected ? { tools: fetched.tools, error: fetched.error } : { tools: null, error: null };
}
