import { Field, INPUT_CLASS } from './field';

export type NumberFieldProps = {
  label: string;
  hint?: string;
  testId: string;
  value: number | undefined;
  /** Called with the typed number clamped to the bounds (truncated when `integer`), or undefined when the field is emptied or unreadable. */
  onChange: (value: number | undefined) => void;
  min?: number;
  max?: number;
  step?: number;
  integer?: boolean;
  /** Shown while empty: what an empty field means. */
  placeholder?: string;
};

/** A labelled number input that hands over only numbers within its bounds. */
export function NumberField({ label, hint, testId, value, onChange, min, max, step, integer = false, placeholder }: NumberFieldProps) {
  return (
    <Field label={label} hint={hint}>
      <input
        type="number"
        data-testid={testId}
        min={min}
        max={max}
        step={step ?? (integer ? 1 : undefined)}
        className={INPUT_CLASS}
        placeholder={placeholder}
        value={value ?? ''}
        onChange={(event) => onChange(readNumber(event.target.value, { min, max, integer }))}
      />
    </Field>
  );
}

/** The number a field's text holds, clamped to the bounds; undefined for an empty or unreadable text. */
export function readNumber(text: string, bounds: { min?: number; max?: number; integer?: boolean }): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) return undefined;
  const clamped = Math.min(bounds.max ?? Infinity, Math.max(bounds.min ?? -Infinity, value));
  return bounds.integer ? Math.trunc(clamped) : clamped;
}
