'use client';

import type { EmbeddedWire } from '@/lib/contract';
import { Field, INPUT_CLASS } from '@/components/ui/field';

export const WIRE_OPTIONS: readonly { value: EmbeddedWire; label: string }[] = [
  { value: 'openai', label: 'OpenAI Responses' },
  { value: 'anthropic', label: 'Anthropic Messages' },
  { value: 'gemini', label: 'Gemini generateContent' },
];

/** Which provider's wire format the embedded model answers in, read by that provider's own SDK. */
export function EmbeddedWireField({ wire, onChange, className = '' }: { wire: EmbeddedWire; onChange: (wire: EmbeddedWire) => void; className?: string }) {
  return (
    <Field label="Wire format" hint="The embedded model answers in this provider's API, served to its official SDK: the turn's requests show what that provider would be sent" className={className}>
      <select data-testid="model-wire" className={INPUT_CLASS} value={wire} onChange={(event) => onChange(event.target.value as EmbeddedWire)}>
        {WIRE_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
