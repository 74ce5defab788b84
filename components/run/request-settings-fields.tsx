'use client';

import type { RequestModelSettings } from '@/lib/client';
import { MODEL_SETTINGS_LIMITS } from '@/lib/runtime';
import { Field, INPUT_CLASS } from '@/components/ui/field';
import { NumberField } from '@/components/ui/number-field';

export type RequestSettingsFieldsProps = {
  settings: RequestModelSettings;
  /** Qualified names of the module's tools, for a named `tool_choice`. */
  toolNames: readonly string[];
  /** The scripted model plays its script whatever the settings say. */
  scripted: boolean;
  onChange: (settings: RequestModelSettings) => void;
};

const NAMED = 'tool:';

/** `tool_choice`, `parallel_tool_calls`, temperature and output cap, folded away until wanted. */
export function RequestSettingsFields({ settings, toolNames, scripted, onChange }: RequestSettingsFieldsProps) {
  const choice = settings.tool_choice;
  const choiceValue = choice === undefined ? 'auto' : typeof choice === 'string' ? choice : `${NAMED}${choice.name}`;
  const names = typeof choice === 'object' && !toolNames.includes(choice.name) ? [choice.name, ...toolNames] : toolNames;
  const set = (change: Partial<RequestModelSettings>) => onChange({ ...settings, ...change });
  return (
    <details data-testid="request-settings" open={isAnySet(settings) || undefined} className="text-xs">
      <summary className="cursor-pointer text-[11px] font-medium text-fg-muted">Model settings{describeSettings(settings)}</summary>
      <div className="mt-1 grid grid-cols-2 gap-2">
        <Field label="tool_choice" hint="required and a named tool apply to the turn's first request; later ones send auto, so the model can answer">
          <select
            data-testid="tool-choice"
            className={INPUT_CLASS}
            value={choiceValue}
            onChange={(event) => {
              const value = event.target.value;
              set({
                tool_choice: value.startsWith(NAMED)
                  ? { type: 'function', name: value.slice(NAMED.length) }
                  : value === 'auto'
                    ? undefined
                    : (value as 'required' | 'none'),
              });
            }}
          >
            <option value="auto">auto</option>
            <option value="required">required</option>
            <option value="none">none</option>
            {names.map((name) => (
              <option key={name} value={`${NAMED}${name}`}>
                {name}
              </option>
            ))}
          </select>
        </Field>
        <label className="flex items-end gap-1.5 pb-1.5 text-[11px]">
          <input
            type="checkbox"
            data-testid="parallel-tool-calls"
            checked={settings.parallel_tool_calls ?? true}
            onChange={(event) => set({ parallel_tool_calls: event.target.checked ? undefined : false })}
          />
          parallel_tool_calls
        </label>
        <NumberField
          label="temperature"
          hint="0–2; empty: the provider's default"
          testId="temperature"
          min={0}
          max={MODEL_SETTINGS_LIMITS.temperature}
          step={0.1}
          placeholder="default"
          value={settings.temperature}
          onChange={(temperature) => set({ temperature })}
        />
        <NumberField
          label="max output tokens"
          hint="empty: the provider's default"
          testId="max-output-tokens"
          min={1}
          max={MODEL_SETTINGS_LIMITS.maxOutputTokens}
          integer
          placeholder="default"
          value={settings.max_output_tokens}
          onChange={(max_output_tokens) => set({ max_output_tokens })}
        />
      </div>
      {scripted && <p className="mt-1 text-[11px] text-fg-muted">Sent with each request; the scripted model plays its script whatever they say.</p>}
    </details>
  );
}

function isAnySet(settings: RequestModelSettings): boolean {
  return Object.values(settings).some((value) => value !== undefined);
}

/** What is set, after the summary's title: " · tool_choice required · temperature 0.2". */
function describeSettings(settings: RequestModelSettings): string {
  const parts: string[] = [];
  const choice = settings.tool_choice;
  if (choice !== undefined) parts.push(`tool_choice ${typeof choice === 'string' ? choice : choice.name}`);
  if (settings.parallel_tool_calls === false) parts.push('one call at a time');
  if (settings.temperature !== undefined) parts.push(`temperature ${settings.temperature}`);
  if (settings.max_output_tokens !== undefined) parts.push(`≤ ${settings.max_output_tokens} output tokens`);
  return parts.length === 0 ? ' (tool_choice, temperature…)' : ` · ${parts.join(' · ')}`;
}
