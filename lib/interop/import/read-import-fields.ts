import { isPlainObject, type JsonSchema, err, ok, type Result } from '@/lib/runtime';
import type { ImportError } from './imported-tool';

/** A failure at `pointer`, phrased with the field's path so the user can find it. */
export function failAt(pointer: string, message: string, code: ImportError['code'] = 'invalid-field'): { ok: false; error: ImportError } {
  return err({ code, pointer, message: `${pointer || '(document)'}: ${message}` });
}

export function describeJsonType(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export function readString(record: Record<string, unknown>, key: string, pointer: string): Result<string, ImportError> {
  const value = record[key];
  if (typeof value !== 'string' || value === '') return failAt(`${pointer}/${key}`, `expected a non-empty string, got ${describeJsonType(value)}.`);
  return ok(value);
}

export function readOptionalString(record: Record<string, unknown>, key: string, pointer: string): Result<string | undefined, ImportError> {
  const value = record[key];
  if (value === undefined) return ok(undefined);
  if (typeof value !== 'string') return failAt(`${pointer}/${key}`, `expected a string, got ${describeJsonType(value)}.`);
  return ok(value);
}

export function readOptionalBoolean(record: Record<string, unknown>, key: string, pointer: string): Result<boolean | undefined, ImportError> {
  const value = record[key];
  if (value === undefined) return ok(undefined);
  if (typeof value !== 'boolean') return failAt(`${pointer}/${key}`, `expected true or false, got ${describeJsonType(value)}.`);
  return ok(value);
}

/** A parameter schema: a JSON object with `type: "object"` at its root (as the playground requires). */
export function readParameterSchema(record: Record<string, unknown>, key: string, pointer: string): Result<JsonSchema, ImportError> {
  const value = record[key];
  const at = `${pointer}/${key}`;
  if (value === undefined) return failAt(at, 'is missing; expected a JSON Schema object.');
  if (!isPlainObject(value)) return failAt(at, `expected a JSON Schema object, got ${describeJsonType(value)}.`);
  if (value.type !== 'object') return failAt(`${at}/type`, `the root of a parameter schema must be type "object", got ${JSON.stringify(value.type ?? null)}.`);
  return ok(value as JsonSchema);
}
