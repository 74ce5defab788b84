'use client';

import { useMemo, useState } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { INPUT_CLASS, Field } from '@/components/ui/field';
import { EXPORT_FORMATS, type ExportFormat } from '@/lib/interop/export-format';
import { exportTools } from '@/lib/interop/export-tools';
import { toInteropTool, type CompiledToolLike } from '@/lib/interop/interop-tool';
import { downloadText } from './download-text';
import { ModalFrame } from './modal-frame';

const ALL_TOOLS = '*';

export type ExportDialogProps = {
  tools: readonly CompiledToolLike[];
  /** Preselects one tool (its qualified name); the whole set otherwise. */
  initialToolName?: string;
  onClose: () => void;
};

/** The current tool set (or one tool) as OpenAI, Chat Completions, AI SDK, Agents SDK, TanStack AI or MCP definitions. */
export function ExportDialog({ tools, initialToolName, onClose }: ExportDialogProps) {
  const [format, setFormat] = useState<ExportFormat>('openai-responses');
  const [scope, setScope] = useState(initialToolName ?? ALL_TOOLS);
  const artifact = useMemo(() => {
    const selected = scope === ALL_TOOLS ? tools : tools.filter((tool) => tool.qualifiedName === scope);
    return exportTools(selected.map(toInteropTool), format);
  }, [tools, scope, format]);
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
      </div>
      {artifact.notes.length > 0 && (
        <ul data-testid="export-notes" className="mt-3 list-disc space-y-0.5 pl-4 text-[11px] text-amber-800 dark:text-amber-300">
          {artifact.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      <pre data-testid="export-text" data-format={artifact.format} className="mt-3 max-h-[55vh] overflow-auto rounded border border-border bg-panel-muted p-2 font-mono text-[11px] leading-4">
        {artifact.text}
      </pre>
    </ModalFrame>
  );
}
