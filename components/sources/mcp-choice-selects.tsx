'use client';

import type { McpToolChoice } from '@/lib/client/mcp';

const SELECT_CLASS = 'h-6 rounded border border-border bg-panel px-1 text-[11px] text-fg';

export type McpChoiceSelectsProps = {
  choice: McpToolChoice;
  onChange: (choice: McpToolChoice) => void;
  /** What "automatic" means here, for the option labels (a server's defaults, or a tool's annotations). */
  automatic: { deferLoading: string; executionMode: string; needsApproval: string };
  testIdPrefix: string;
};

/** Defer loading, execution mode and approval: each automatic unless chosen. */
export function McpChoiceSelects({ choice, onChange, automatic, testIdPrefix }: McpChoiceSelectsProps) {
  const set = (change: Partial<McpToolChoice>) => {
    const next: McpToolChoice = { ...choice, ...change };
    onChange(Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined)) as McpToolChoice);
  };
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-[11px] text-fg-muted">
      <label className="flex items-center gap-1">
        Defer
        <select data-testid={`${testIdPrefix}-defer`} className={SELECT_CLASS} value={String(choice.deferLoading ?? 'auto')} onChange={(event) => set({ deferLoading: readBoolean(event.target.value) })}>
          <option value="auto">{automatic.deferLoading}</option>
          <option value="true">deferred</option>
          <option value="false">loaded</option>
        </select>
      </label>
      <label className="flex items-center gap-1">
        Run
        <select
          data-testid={`${testIdPrefix}-mode`}
          className={SELECT_CLASS}
          value={choice.executionMode ?? 'auto'}
          onChange={(event) => set({ executionMode: event.target.value === 'auto' ? undefined : (event.target.value as 'parallel' | 'sequential') })}
        >
          <option value="auto">{automatic.executionMode}</option>
          <option value="parallel">parallel</option>
          <option value="sequential">sequential</option>
        </select>
      </label>
      <label className="flex items-center gap-1">
        Approval
        <select data-testid={`${testIdPrefix}-approval`} className={SELECT_CLASS} value={String(choice.needsApproval ?? 'auto')} onChange={(event) => set({ needsApproval: readBoolean(event.target.value) })}>
          <option value="auto">{automatic.needsApproval}</option>
          <option value="true">always ask</option>
          <option value="false">never ask</option>
        </select>
      </label>
    </div>
  );
}

function readBoolean(value: string): boolean | undefined {
  return value === 'auto' ? undefined : value === 'true';
}
