'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { CompiledToolView } from '@/lib/client/compile-view';
import type { PermissionMode } from '@/lib/runtime/events/runtime-event';
import { CompatibilityMatrix } from '@/components/interop/compatibility-matrix';
import { describeStrictRule } from '@/lib/client/describe-strict-rule';
import { ExportButton } from '@/components/interop/export-button';
import { CopyButton } from '@/components/ui/copy-button';
import { AnswerByHandToggle } from './answer-by-hand-toggle';
import { SchemaDiff } from './schema-diff';
import { ToolBadges } from './tool-badges';
import type { TryContext } from './try-tool-panel';

// Loaded on the first Try: the validator and the argument generator stay out of the page's first load.
const TryToolPanel = dynamic(() => import('./try-tool-panel').then((module) => module.TryToolPanel), {
  ssr: false,
  loading: () => <p className="mt-2 text-[11px] text-fg-muted">Loading…</p>,
});

const DECISION_STYLE = {
  allow: 'text-emerald-700 dark:text-emerald-400',
  ask: 'text-amber-700 dark:text-amber-400',
  deny: 'text-red-700 dark:text-red-400',
} as const;

export type ToolCardProps = {
  tool: CompiledToolView;
  permissionMode: PermissionMode;
  /** Qualified names switched to be answered by hand; the toggle shows only with `onToggleAnswerByHand`. */
  answerByHand?: readonly string[];
  onToggleAnswerByHand?: (tool: string, enabled: boolean) => void;
  /** What a direct call (Try) runs with; the Try button shows only with it. */
  tryContext?: TryContext;
};

/** One compiled tool: identity, metadata, the schema actually sent, strict findings and the gate's verdict. */
export function ToolCard({ tool, permissionMode, answerByHand, onToggleAnswerByHand, tryContext }: ToolCardProps) {
  const [trying, setTrying] = useState(false);
  const gate = tool.gate[permissionMode];
  const sentText = JSON.stringify(tool.sentSchema, null, 2);
  return (
    <article data-testid={`tool-card-${tool.qualifiedName}`} className="rounded-lg border border-border bg-panel p-3 shadow-xs">
      {/* Wraps: in a narrow panel the actions go under the name rather than squeezing it to nothing. */}
      <header className="flex flex-wrap items-baseline justify-between gap-x-2 gap-y-1">
        <div className="flex min-w-24 max-w-full items-baseline gap-1.5">
          <h3 className="min-w-0 truncate font-mono text-[13px] font-semibold" data-testid="tool-name" title={tool.qualifiedName}>
            {tool.qualifiedName}
          </h3>
          <span className="shrink-0 font-mono text-[10.5px] text-fg-muted">tools.ts:{tool.line}</span>
        </div>
        <span className="ml-auto flex shrink-0 items-center gap-2">
          {onToggleAnswerByHand && <AnswerByHandToggle tool={tool} answerByHand={answerByHand ?? []} onToggle={onToggleAnswerByHand} />}
          <ExportButton tools={[tool]} toolName={tool.qualifiedName} label="Export" testId="export-tool-button" />
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
        </span>
      </header>
      <p className="mt-0.5 text-xs leading-snug text-fg-muted">{tool.description}</p>
      <div className="mt-2">
        <ToolBadges tool={tool} />
      </div>
      {gate && (
        <p data-testid="gate-preview" data-decision={gate.decision} className="mt-2 text-[11.5px] leading-snug">
          <span className="text-fg-muted">Gate ({permissionMode}): </span>
          <span className={`font-semibold ${DECISION_STYLE[gate.decision]}`}>{gate.decision}</span>
          <span className="text-fg-muted"> — {gate.reason}</span>
        </p>
      )}
      {trying && tryContext && <TryToolPanel tool={tool} context={tryContext} onClose={() => setTrying(false)} />}
      {tool.strictReport.violations.length > 0 && (
        <details
          data-testid="strict-violations"
          data-fixed={tool.strictified ? 'true' : 'false'}
          open={!tool.strictified}
          className={`group/strict mt-2 rounded border p-2 ${tool.strictified ? 'border-sky-200 bg-sky-50/60 dark:border-sky-900/70 dark:bg-sky-950/30' : 'border-red-200 bg-red-50/60 dark:border-red-900/70 dark:bg-red-950/30'}`}
        >
          <summary className="cursor-pointer text-[11px] font-medium select-none">
            <span aria-hidden className="inline-block transition-transform group-open/strict:rotate-90">▸</span>{' '}
            {tool.strictified
              ? `Strictified for OpenAI strict mode: ${tool.strictReport.violations.length} rule${tool.strictReport.violations.length === 1 ? '' : 's'} fixed before sending (the schema below is what the model gets)`
              : 'OpenAI strict mode rejects this schema and it cannot be fixed automatically:'}
          </summary>
          <ul className="mt-1 space-y-1">
            {tool.strictReport.violations.map((violation, index) => (
              <li key={`${violation.pointer}-${index}`} data-testid="strict-violation" className="text-[11px] leading-snug">
                <code className="font-semibold text-fg">{violation.pointer || '/'}</code> {describeStrictRule(violation.rule)}
                <span className="block text-fg-muted" title="OpenAI's own message for this rule">
                  OpenAI: “{violation.message}”
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <details className="group mt-2" open={!tool.strictified}>
        <summary className="flex cursor-pointer items-center justify-between text-[11px] font-medium text-fg-muted select-none hover:text-fg">
          <span>
            <span aria-hidden className="inline-block transition-transform group-open:rotate-90">▸</span> JSON Schema sent to the model
          </span>
        </summary>
        <div className="relative mt-1">
          <div className="absolute right-1.5 top-1.5">
            <CopyButton text={sentText} />
          </div>
          <pre data-testid="sent-schema" className="max-h-72 overflow-auto rounded border border-border bg-panel-muted p-2 font-mono text-[11px] leading-4">
            {sentText}
          </pre>
        </div>
      </details>
      {tool.strictified && (
        <div className="mt-2">
          <SchemaDiff authored={tool.jsonSchema} strictified={tool.strictified.schema} changes={tool.strictified.changes} />
        </div>
      )}
      <details className="group/compat mt-2">
        <summary data-testid="compat-toggle" className="flex cursor-pointer items-center gap-1 text-[11px] font-medium text-fg-muted select-none hover:text-fg">
          <span aria-hidden className="inline-block transition-transform group-open/compat:rotate-90">▸</span>
          Provider compatibility
        </summary>
        <CompatibilityMatrix tool={tool} />
      </details>
    </article>
  );
}
