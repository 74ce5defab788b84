'use client';

import { describeModelConfig, selectSendingProvider, type ModelSettings, type SendingProvider } from '@/lib/client';

const PROVIDER_NAMES: Record<SendingProvider, string> = { openai: 'OpenAI', anthropic: 'Anthropic', gemini: 'Gemini' };

export type SchemaModelSwitchProps = {
  /** Every side-by-side configuration, model 1 first. */
  configs: readonly ModelSettings[];
  selected: number;
  onSelect: (index: number) => void;
};

/**
 * Which side-by-side model the schema cards show the tools as: one button per column, so each
 * column's provider rewrite can be read without changing the form's model.
 */
export function SchemaModelSwitch({ configs, selected, onSelect }: SchemaModelSwitchProps) {
  return (
    <div role="group" aria-label="Schemas as sent to" data-testid="schema-model-switch" className="flex flex-wrap items-center gap-1 border-b border-border bg-panel-muted/50 px-3 py-1.5 text-[11px]">
      <span className="mr-1 text-fg-muted">Schemas as sent to</span>
      {configs.map((config, index) => (
        <button
          key={index}
          type="button"
          data-testid={`schema-model-${index}`}
          aria-pressed={index === selected}
          title={`Show each tool as model ${index + 1} (${describeModelConfig(config)}) is sent it`}
          onClick={() => onSelect(index)}
          className={`whitespace-nowrap rounded border px-1.5 py-0.5 ${index === selected ? 'border-accent bg-accent text-accent-fg' : 'border-border bg-panel text-fg-muted hover:text-fg'}`}
        >
          {index + 1} · {PROVIDER_NAMES[selectSendingProvider(config)]}
        </button>
      ))}
    </div>
  );
}
