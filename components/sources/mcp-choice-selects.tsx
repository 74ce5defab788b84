'use client';

import type { McpToolChoice } from '@/lib/client/mcp';

const SELECT_CLASS = 'h-6 w-full min-w-0 rounded border border-border bg-panel px-0.5 text-[11px] text-fg';

export type McpChoiceSelectsProps = {
  choice: McpToolChoice;
  onChange: (choice: McpToolChoice) => void;
  /** What each field does when left automatic (a server's defaults, or a tool's annotations), as the "auto" option says it. */
  automatic: { deferLoading: string; executionMode: string; needsApproval: string };
  testIdPrefix: string;
};

type ChoiceField = {
  key: keyof McpToolChoice;
  label: string;
  title: string;
  options: readonly (readonly [string, string])[];
  read: (value: string) => McpToolChoice[keyof McpToolChoice];
};

const readBoolean = (value: string) => (value === 'auto' ? undefined : value === 'true');

const FIELDS: readonly ChoiceField[] = [
  { key: 'deferLoading', label: 'Defer', title: 'Keep the schema behind Tool Search until the model loads it', options: [['true', 'deferred'], ['false', 'loaded']], read: readBoolean },
  {
    key: 'executionMode',
    label: 'Run',
    title: 'parallel: may overlap neighbouring parallel calls; sequential: a barrier that runs alone',
    options: [['parallel', 'parallel'], ['sequential', 'sequential']],
    read: (value) => (value === 'auto' ? undefined : (value as 'parallel' | 'sequential')),
  },
  { key: 'needsApproval', label: 'Approval', title: 'Whether a person approves each call before it runs', options: [['true', 'always ask'], ['false', 'never ask']], read: readBoolean },
];

/** Defer loading, execution mode and approval side by side: each automatic unless chosen. */
export function McpChoiceSelects({ choice, onChange, automatic, testIdPrefix }: McpChoiceSelectsProps) {
  const set = (key: keyof McpToolChoice, value: McpToolChoice[keyof McpToolChoice]) => {
    const next: Record<string, unknown> = { ...choice, [key]: value };
    onChange(Object.fromEntries(Object.entries(next).filter(([, entry]) => entry !== undefined)) as McpToolChoice);
  };
  return (
    <div className="grid min-w-0 flex-1 grid-cols-3 gap-1">
      {FIELDS.map((field) => (
        <label key={field.key} className="flex min-w-0 flex-col text-[10px] text-fg-muted" title={field.title}>
          {field.label}
          <select data-testid={`${testIdPrefix}-${field.key}`} className={SELECT_CLASS} value={String(choice[field.key] ?? 'auto')} onChange={(event) => set(field.key, field.read(event.target.value))}>
            <option value="auto">{automatic[field.key]}</option>
            {field.options.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      ))}
    </div>
  );
}
