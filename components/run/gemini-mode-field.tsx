'use client';

import type { GeminiFunctionCallingMode } from '@/lib/contract';
import { Field, INPUT_CLASS } from '@/components/ui/field';

const MODES: { value: GeminiFunctionCallingMode | ''; label: string }[] = [
  { value: '', label: 'from tool_choice (AUTO unless set)' },
  { value: 'AUTO', label: 'AUTO: the model decides' },
  { value: 'ANY', label: 'ANY: it must call a function' },
  { value: 'VALIDATED', label: 'VALIDATED: calls or text, calls checked against their declarations' },
];

/** Gemini's `functionCallingConfig.mode`; unset, the turn's `tool_choice` decides it. */
export function GeminiModeField({ mode, onChange }: { mode: GeminiFunctionCallingMode | undefined; onChange: (mode: GeminiFunctionCallingMode | undefined) => void }) {
  return (
    <Field label="Function calling mode" hint="toolConfig.functionCallingConfig.mode; a named tool_choice becomes allowedFunctionNames">
      <select
        data-testid="model-gemini-mode"
        className={INPUT_CLASS}
        value={mode ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : (event.target.value as GeminiFunctionCallingMode))}
      >
        {MODES.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
