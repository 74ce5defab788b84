'use client';

import dynamic from 'next/dynamic';
import { useContext, useMemo, useState } from 'react';
import type { CompiledToolSummary, CompiledToolView } from '@/lib/client/compile';
import { withToolDetail } from '@/lib/client/api';
import { CompatibilityMatrix } from '@/components/interop/compatibility-matrix';
import { ProviderSendingView } from '@/components/interop/provider-sending-view';
import { SendingProviderContext } from '../sending-provider-context';
import { ExportButton } from '@/components/interop/export-button';
import { CopyButton } from '@/components/ui/copy-button';
import { AnswerByHandToggle } from './answer-by-hand-toggle';
import { StrictConversionNote } from './strict-conversion-note';
import type { TryContext } from '@/components/schema/try';
import { useToolDetail } from './use-tool-detail';

// Loaded on the first Try: the validator and the argument generator stay out of the page's first load.
const TryToolPanel = dynamic(() => import('@/components/schema/try').then((module) => module.TryToolPanel), {
  ssr: false,
  loading: () => <p className="mt-2 text-[11px] text-fg-muted">Loading…</p>,
});

export type ToolCardDetailProps = {
  /** The element id the row's disclosure button controls. */
  id: string;
  tool: CompiledToolSummary;
  moduleKey: string;
  /** Qualified names switched to be answered by hand; the toggle shows only with `onToggleAnswerByHand`. */
  answerByHand?: readonly string[];
  onToggleAnswerByHand?: (tool: string, enabled: boolean) => void;
  /** What a direct call (Try) runs with; the Try button shows only with it. */
  tryContext?: TryContext;
};

/**
 * The heavy part of a tool's row, mounted only while the row is open: actions, the schema actually
 * sent, strict findings, the strictified diff and the provider matrix. A large module's compile
 * carries no details, so an opened row fetches its own first.
 */
export function ToolCardDetail({ id, tool, moduleKey, ...rest }: ToolCardDetailProps) {
  const { state, retry } = useToolDetail(moduleKey, tool.index);
  const detail = state.status === 'ready' ? state.detail : null;
  const view = useMemo(() => (detail ? withToolDetail(tool, detail) : null), [tool, detail]);
  if (view) return <LoadedToolDetail id={id} tool={view} moduleKey={moduleKey} {...rest} />;
  return (
    <div id={id} data-testid="tool-detail" data-loading={state.status === 'loading'} className="mt-2 text-[11px] text-fg-muted">
      {state.status === 'failed' ? (
        <p data-testid="tool-detail-error" className="text-red-700 dark:text-red-400">
          Could not load this tool's schema: {state.message}{' '}
          <button type="button" onClick={retry} className="rounded border border-border bg-panel px-1.5 py-0.5 text-[11px] text-fg-muted hover:text-fg">
            Retry
          </button>
        </p>
      ) : (
        <p data-testid="tool-detail-loading">Loading schema…</p>
      )}
    </div>
  );
}

function LoadedToolDetail({ id, tool, moduleKey, answerByHand, onToggleAnswerByHand, tryContext }: Omit<ToolCardDetailProps, 'tool'> & { tool: CompiledToolView }) {
  const [trying, setTrying] = useState(false);
  const provider = useContext(SendingProviderContext);
  const sentText = JSON.stringify(tool.sentSchema, null, 2);
  return (
    <div id={id} data-testid="tool-detail">
      <div className="mt-2 flex flex-wrap items-center justify-end gap-2">
        {onToggleAnswerByHand && <AnswerByHandToggle tool={tool} answerByHand={answerByHand ?? []} onToggle={onToggleAnswerByHand} />}
        <ExportButton tools={[tool]} moduleKey={moduleKey} toolName={tool.qualifiedName} label="Export" testId="export-tool-button" />
        {tryContext && (
          <button
            type="button"
            data-testid={`try-${tool.qualifiedName}`}
            aria-expanded={trying}
            onClick={() => setTrying(!trying)}
            title="Call this tool directly: no model, the same repair, validation, gate and sandbox"
            className="rounded border border-border bg-panel px-1.5 py-0.5 text-[11px] text-fg-muted hover:text-fg"
          >
            Try
          </button>
        )}
      </div>
      {trying && tryContext && <TryToolPanel tool={tool} context={tryContext} onClose={() => setTrying(false)} />}
      <StrictConversionNote tool={tool} />
      {provider === 'openai' ? (
        <div className="relative mt-2">
          <div className="mb-1 flex items-center justify-between">
            <span className="text-[11px] font-medium text-fg-muted">JSON Schema sent to the model{tool.strictified ? ' (converted)' : ''}</span>
            <CopyButton text={sentText} />
          </div>
          <pre data-testid="sent-schema" className="max-h-60 overflow-auto rounded border border-border bg-panel-muted p-2 font-mono text-[11px] leading-4">
            {sentText}
          </pre>
        </div>
      ) : (
        <ProviderSendingView tool={tool} provider={provider} />
      )}
      <details className="group/compat mt-2">
        <summary data-testid="compat-toggle" className="flex cursor-pointer items-center gap-1 text-[11px] font-medium text-fg-muted select-none hover:text-fg">
          <span aria-hidden className="inline-block transition-transform group-open/compat:rotate-90">▸</span>
          Provider compatibility
        </summary>
        <CompatibilityMatrix tool={tool} />
      </details>
    </div>
  );
}
