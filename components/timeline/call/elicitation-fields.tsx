'use client';

import type { ReactNode } from 'react';
import type { ElicitationField, JsonValue } from '@/lib/runtime';

export type FieldValues = Record<string, JsonValue | undefined>;

/** The values a form starts with: each field's default, nothing else (a checkbox starts unticked). */
export function initialValues(fields: readonly ElicitationField[]): FieldValues {
  const values: FieldValues = {};
  for (const field of fields) {
    if (field.default !== undefined) values[field.key] = field.default;
    else if (field.kind === 'boolean') values[field.key] = false;
    else if (field.kind === 'choices') values[field.key] = [];
  }
  return values;
}

/** The content to send: fields left empty are left out (the server's required check sees them missing). */
export function contentOf(fields: readonly ElicitationField[], values: FieldValues): Record<string, JsonValue> {
  const content: Record<string, JsonValue> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0 && !field.required)) continue;
    content[field.key] = value;
  }
  return content;
}

const INPUT = 'h-6 w-full min-w-0 rounded border border-border bg-panel px-1.5 text-[11px] text-fg disabled:opacity-60';
const TEXT_TYPES = { email: 'email', uri: 'url', date: 'date', 'date-time': 'text' } as const;

type FieldProps = { field: ElicitationField; value: JsonValue | undefined; issue?: string; disabled: boolean; onChange: (value: JsonValue | undefined) => void; id: string };

/** One field of a server's form, as the input its kind calls for. */
export function ElicitationFieldInput({ field, value, issue, disabled, onChange, id }: FieldProps) {
  const label = (
    <label htmlFor={id} className="text-[11px] font-medium text-fg">
      {field.title}
      {field.required && <span className="text-red-600"> *</span>}
    </label>
  );
  const help = (
    <>
      {field.description && <p className="text-[11px] text-fg-muted">{field.description}</p>}
      {issue && (
        <p data-testid={`elicitation-issue-${field.key}`} className="text-[11px] text-red-700 dark:text-red-400">
          {issue}
        </p>
      )}
    </>
  );
  const common = { id, disabled, 'aria-invalid': issue ? true : undefined, 'data-testid': `elicitation-field-${field.key}` };
  switch (field.kind) {
    case 'boolean':
      return (
        <div className="space-y-0.5">
          <div className="flex items-center gap-1.5">
            <input {...common} type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} />
            {label}
          </div>
          {help}
        </div>
      );
    case 'number':
      return (
        <div className="space-y-0.5">
          {label}
          <input
            {...common}
            type="number"
            className={INPUT}
            step={field.integer ? 1 : 'any'}
            min={field.minimum}
            max={field.maximum}
            value={typeof value === 'number' ? value : ''}
            onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
          />
          {help}
        </div>
      );
    case 'choice':
      return (
        <div className="space-y-0.5">
          {label}
          <select {...common} className={INPUT} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}>
            <option value="">—</option>
            {field.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {help}
        </div>
      );
    case 'choices':
      return <ChoicesInput field={field} value={value} disabled={disabled} onChange={onChange} testId={common['data-testid']} help={help} />;
    case 'text':
      return (
        <div className="space-y-0.5">
          {label}
          <input
            {...common}
            type={field.format ? TEXT_TYPES[field.format] : 'text'}
            className={INPUT}
            placeholder={field.format === 'date-time' ? '2026-12-07T10:30:00Z' : undefined}
            minLength={field.minLength}
            maxLength={field.maxLength}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(event.target.value)}
          />
          {help}
        </div>
      );
  }
}

type ChoicesProps = { field: Extract<ElicitationField, { kind: 'choices' }>; value: JsonValue | undefined; disabled: boolean; onChange: (value: JsonValue | undefined) => void; testId: string; help: ReactNode };

/** A list of choices: one checkbox each. */
function ChoicesInput({ field, value, disabled, onChange, testId, help }: ChoicesProps) {
  const picked = Array.isArray(value) ? value : [];
  return (
    <fieldset className="space-y-0.5" data-testid={testId}>
      <legend className="text-[11px] font-medium text-fg">
        {field.title}
        {field.required && <span className="text-red-600"> *</span>}
      </legend>
      <div className="flex flex-wrap gap-x-3 gap-y-0.5">
        {field.options.map((option) => (
          <label key={option.value} className="flex items-center gap-1 text-[11px]">
            <input
              type="checkbox"
              disabled={disabled}
              checked={picked.includes(option.value)}
              onChange={(event) => onChange(event.target.checked ? [...picked, option.value] : picked.filter((item) => item !== option.value))}
            />
            {option.label}
          </label>
        ))}
      </div>
      {help}
    </fieldset>
  );
}
