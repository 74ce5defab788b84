import { isPlainObject, type JsonSchema, type JsonValue } from '@/lib/runtime';

/** One input of the Try form: a property of a flat object schema. */
export type FormField = { key: string; required: boolean; description?: string } & (
  | { kind: 'string' }
  | { kind: 'number'; integer: boolean }
  | { kind: 'boolean' }
  | { kind: 'enum'; options: JsonValue[] }
);

/** The form for a schema, or why it has none (the arguments are then edited as JSON). */
export type FormShape = { ok: true; fields: FormField[] } | { ok: false; reason: string };

const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * Fields for an object schema whose properties are all scalars (string, number, integer,
 * boolean) or enums of scalars. Anything nested, a union, a `$ref` or a pattern of properties
 * is left to the JSON editor, which handles every schema.
 */
export function readFormFields(schema: JsonSchema): FormShape {
  const properties = schema.properties;
  if (schema.type !== 'object' || !isPlainObject(properties)) return { ok: false, reason: 'The form needs an object schema with properties; edit the arguments as JSON.' };
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === 'string') : []);
  const fields: FormField[] = [];
  for (const [key, raw] of Object.entries(properties)) {
    const field = readField(key, raw as JsonValue, required.has(key));
    if (!field) return { ok: false, reason: `"${key}" is not a plain string, number, boolean or enum; edit the arguments as JSON.` };
    fields.push(field);
  }
  return { ok: true, fields };
}

function readField(key: string, raw: JsonValue, required: boolean): FormField | undefined {
  if (!isPlainObject(raw)) return undefined;
  const schema = raw as JsonSchema;
  const base = { key, required, ...(typeof schema.description === 'string' ? { description: schema.description } : {}) };
  if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every(isScalar)) return { ...base, kind: 'enum', options: schema.enum };
  if ('const' in schema && isScalar(schema.const ?? null)) return { ...base, kind: 'enum', options: [schema.const ?? null] };
  const type = readScalarType(schema.type);
  if (type === 'string') return { ...base, kind: 'string' };
  if (type === 'number' || type === 'integer') return { ...base, kind: 'number', integer: type === 'integer' };
  if (type === 'boolean') return { ...base, kind: 'boolean' };
  return undefined;
}

/** `"string"`, or a nullable `["string", "null"]` read as its one scalar type. */
function readScalarType(type: JsonValue | undefined): string | undefined {
  const listed = Array.isArray(type) ? type.filter((entry) => entry !== 'null') : [type];
  const [only] = listed;
  return listed.length === 1 && typeof only === 'string' && SCALARS.has(only) ? only : undefined;
}

function isScalar(value: JsonValue): boolean {
  return value === null || typeof value !== 'object';
}

/** The text with one property set (`undefined` removes it), or `null` when the text is not a JSON object to edit. */
export function setFormValue(text: string, key: string, value: JsonValue | undefined): string | null {
  const object = readFormObject(text);
  if (!object) return null;
  const next = { ...object };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return JSON.stringify(next, null, 2);
}

/** The arguments as a JSON object, or `null` when the text is anything else (the form then waits for valid JSON). */
export function readFormObject(text: string): { [key: string]: JsonValue } | null {
  if (text.trim() === '') return {};
  try {
    const value = JSON.parse(text) as JsonValue;
    return isPlainObject(value) ? (value as { [key: string]: JsonValue }) : null;
  } catch {
    return null;
  }
}
