'use client';

import { useMemo } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { previewProviderTool, type CompiledToolLike, type PreviewProvider } from '@/lib/interop';

export type ProviderSendingViewProps = { tool: CompiledToolLike; provider: PreviewProvider };

const PROVIDER_LABELS: Record<PreviewProvider, string> = { anthropic: 'Anthropic', gemini: 'Gemini' };

/**
 * The tool as a turn on the selected provider sends it: its entry in the request's tools, in
 * that provider's own format (the matrix's rewrite, strict or not, the parameters field), why
 * that form, and how its namespace travels. A tool the provider would reject in any form says so:
 * the turn sends nothing while it is offered.
 */
export function ProviderSendingView({ tool, provider }: ProviderSendingViewProps) {
  const preview = useMemo(
    () => previewProviderTool({ name: tool.name, namespace: tool.namespace, description: tool.description, parameters: tool.sentSchema, strict: tool.strict, deferLoading: tool.deferLoading }, provider),
    [tool, provider],
  );
  const sentText = preview.sent === null ? '' : JSON.stringify(preview.sent, null, 2);
  const label = PROVIDER_LABELS[provider];
  return (
    <div data-testid="provider-sending" data-provider={provider} data-sent={preview.sent !== null} className="relative mt-2">
      <div className="mb-1 flex items-center justify-between">
        <span className="text-[11px] font-medium text-fg-muted">Sent to {label} (this tool in the request&apos;s tools)</span>
        {preview.sent !== null && <CopyButton text={sentText} />}
      </div>
      <p data-testid="provider-sending-sentence" className={`mb-1 text-[11px] leading-snug ${preview.sent === null ? 'text-red-700 dark:text-red-400' : 'text-fg-muted'}`}>
        {preview.sentence}
      </p>
      <p data-testid="provider-sending-namespace" className="mb-1 text-[11px] leading-snug text-fg-muted">
        {preview.namespaceNote}
      </p>
      {preview.deferralNote && (
        <p data-testid="provider-sending-deferral" className="mb-1 text-[11px] leading-snug text-fg-muted">
          {preview.deferralNote}
        </p>
      )}
      {preview.sent !== null && (
        <pre data-testid="provider-sent-tool" className="max-h-60 overflow-auto rounded border border-border bg-panel-muted p-2 font-mono text-[11px] leading-4">
          {sentText}
        </pre>
      )}
    </div>
  );
}
