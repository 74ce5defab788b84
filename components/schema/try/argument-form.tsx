'use client';

import { useState } from 'react';
import { INPUT_CLASS } from '@/components/ui/field';
import type { JsonValue } from '@/lib/runtime';
import { readFormObject, setFormValue, type FormField } from './read-form-fields';

export type ArgumentFormProps = {
  fields: FormField[];
  /** The arguments as JSON text: the form reads and rewrites it, so the text stays the one source. */
  text: string;
  onChange: (text: string) => void;
};

const INPUT = `${INPUT_CLASS} mt-0.5 font-mono`;

/** Simple inputs for a flat object schema, each writing its property into the JSON text. */
export function ArgumentForm({ fields, text, onChange }: ArgumentFormProps) {
  const values = readFormObject(text);
  const set = (key: string, value: JsonValue | undefined) => {
    const next = setFormValue(text, key, value);
    if (next !== null) onChange(next);
  };
  return (
    <div data-testid="try-form" className="space-y-1.5">
      {values === null && (
        <p className="text-[11px] text-amber-700 dark:text-amber-400">The arguments are not a JSON object; fix them as JSON (or Reset) to use the form.</p>
      )}
      {fields.length === 0 && <p className="text-[11px] text-fg-muted">This tool takes no arguments.</p>}
      {fields.map((field) => (
        <label key={field.key} className="block text-[11px]" title={field.description}>
          <span className="font-mono font-semibold">{field.key}</span>
          <span className="text-fg-muted">{field.required ? ' (required)' : ' (optional)'}</span>
          <FieldInput field={field} value={values?.[field.key]} disabled={values === null} onChange={(value) => set(field.key, value)} />
        </label>
      ))}
    </div>
  );
}

type FieldInputProps = { field: FormField; value: JsonValue | undefined; disabled: boolean; onChange: (value: JsonValue | undefined) => void };

function FieldInput({ field, value, disabled, onChange }: FieldInputProps) {
  const testId = `try-field-${field.key}`;
  switch (field.kind) {
    case 'string':
      return (
        <input
          data-testid={testId}
          className={INPUT}
          disabled={disabled}
          value={typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value)}
          // An emptied optional field is left out, as a model would omit it.
          onChange={(event) => onChange(event.target.value === '' && !field.required ? undefined : event.target.value)}
        />
      );
    case 'number':
      return <NumberInput testId={testId} value={value} disabled={disabled} onChange={onChange} />;
    case 'boolean':
      return <ChoiceInput testId={testId} options={[true, false]} value={value} disabled={disabled} onChange={onChange} />;
    case 'enum':
      return <ChoiceInput testId={testId} options={field.options} value={value} disabled={disabled} onChange={onChange} />;
  }
}

function ChoiceInput(props: { testId: string; options: JsonValue[]; value: JsonValue | undefined; disabled: boolean; onChange: (value: JsonValue | undefined) => void }) {
  const selected = props.value === undefined ? '' : JSON.stringify(props.value);
  return (
    <select
      data-testid={props.testId}
      className={INPUT}
      disabled={props.disabled}
      value={selected}
      onChange={(event) => props.onChange(event.target.value === '' ? undefined : (JSON.parse(event.target.value) as JsonValue))}
    >
      <option value="">(not set)</option>
      {props.options.map((option) => (
        <option key={JSON.stringify(option)} value={JSON.stringify(option)}>
          {typeof option === 'string' ? option : JSON.stringify(option)}
        </option>
      ))}
      {selected !== '' && !props.options.some((option) => JSON.stringify(option) === selected) && <option value={selected}>{selected} (not allowed)</option>}
    </select>
  );
}

/** Keeps what is typed (`1.`, `-`) as a draft, and writes a number once it reads as one. */
function NumberInput(props: { testId: string; value: JsonValue | undefined; disabled: boolean; onChange: (value: JsonValue | undefined) => void }) {
  const shown = props.value === undefined ? '' : typeof props.value === 'number' ? String(props.value) : JSON.stringify(props.value);
  const [draft, setDraft] = useState({ text: shown, for: shown });
  // The JSON changed elsewhere (typed, reset): show it, dropping the draft.
  const text = draft.for === shown ? draft.text : shown;
  return (
    <input
      data-testid={props.testId}
      className={INPUT}
      inputMode="decimal"
      disabled={props.disabled}
      value={text}
      onChange={(event) => {
        const typed = event.target.value;
        const number = Number(typed);
        const value = typed.trim() === '' ? undefined : Number.isFinite(number) ? number : typed;
        const next = value === undefined ? '' : typeof value === 'number' ? String(value) : JSON.stringify(value);
        setDraft({ text: typed, for: next });
        props.onChange(value);
      }}
    />
  );
}
