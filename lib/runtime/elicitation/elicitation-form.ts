import { err, ok, type Result } from '../vocabulary/result';
import { isPlainObject, type JsonValue } from '../vocabulary/json';

/** Bounds on a form a server may ask a person to fill in. */
export const ELICITATION_LIMITS = { fields: 50, options: 200, textChars: 10_000 } as const;

export type ElicitationOption = { value: string; label: string };

/** One field of a requested form, as the spec's restricted schema allows it. */
export type ElicitationField = { key: string; title: string; description?: string; required: boolean } & (
  | { kind: 'text'; format?: 'email' | 'uri' | 'date' | 'date-time'; minLength?: number; maxLength?: number; default?: string }
  | { kind: 'number'; integer: boolean; minimum?: number; maximum?: number; default?: number }
  | { kind: 'boolean'; default?: boolean }
  | { kind: 'choice'; options: ElicitationOption[]; default?: string }
  | { kind: 'choices'; options: ElicitationOption[]; minItems?: number; maxItems?: number; default?: string[] }
);

const FORMATS = new Set(['email', 'uri', 'date', 'date-time']);

/**
 * Reads a requested schema as the fields of a form: an object whose properties are strings
 * (with a format or an enum), numbers, integers, booleans or arrays of enum strings, as the MCP
 * spec restricts it. Anything else (nesting, references, patterns) is refused with the reason,
 * so neither the page nor the server's thread ever evaluates a stranger's full JSON Schema.
 */
export function readElicitationForm(schema: JsonValue): Result<ElicitationField[], string> {
  if (!isPlainObject(schema) || schema.type !== 'object') return err('The requested schema is not an object schema.');
  const properties = schema.properties ?? {};
  if (!isPlainObject(properties)) return err('The requested schema has no properties object.');
  const entries = Object.entries(properties);
  if (entries.length > ELICITATION_LIMITS.fields) return err(`The requested form has ${entries.length} fields; at most ${ELICITATION_LIMITS.fields} are shown.`);
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : []);
  const fields: ElicitationField[] = [];
  for (const [key, property] of entries) {
    const field = readField(key, property as JsonValue, required.has(key));
    if (!field.ok) return field;
    fields.push(field.value);
  }
  return ok(fields);
}

function readField(key: string, property: JsonValue, required: boolean): Result<ElicitationField, string> {
  if (!isPlainObject(property)) return err(`Field ${key} is not a schema object.`);
  const base = { key, title: text(property.title) ?? key, ...(text(property.description) ? { description: text(property.description) } : {}), required };
  switch (property.type) {
    case 'string': {
      const options = readOptions(property);
      if (options === 'invalid') return err(`Field ${key} has an enum that is not a list of strings.`);
      if (options) return ok({ ...base, kind: 'choice', options, ...(typeof property.default === 'string' ? { default: property.default } : {}) });
      const format = typeof property.format === 'string' ? property.format : undefined;
      if (format !== undefined && !FORMATS.has(format)) return err(`Field ${key} asks for the format ${JSON.stringify(format)}, which forms do not have.`);
      return ok({
        ...base,
        kind: 'text',
        ...(format ? { format: format as 'email' | 'uri' | 'date' | 'date-time' } : {}),
        ...numbers(property, ['minLength', 'maxLength']),
        ...(typeof property.default === 'string' ? { default: property.default } : {}),
      });
    }
    case 'number':
    case 'integer':
      return ok({ ...base, kind: 'number', integer: property.type === 'integer', ...numbers(property, ['minimum', 'maximum']), ...(typeof property.default === 'number' ? { default: property.default } : {}) });
    case 'boolean':
      return ok({ ...base, kind: 'boolean', ...(typeof property.default === 'boolean' ? { default: property.default } : {}) });
    case 'array': {
      const items = isPlainObject(property.items) ? readOptions(property.items) : undefined;
      if (!items || items === 'invalid') return err(`Field ${key} is a list whose items are not a list of choices.`);
      const defaults = Array.isArray(property.default) ? property.default.filter((value): value is string => typeof value === 'string') : undefined;
      return ok({ ...base, kind: 'choices', options: items, ...numbers(property, ['minItems', 'maxItems']), ...(defaults ? { default: defaults } : {}) });
    }
    default:
      return err(`Field ${key} has the type ${JSON.stringify(property.type ?? null)}; forms hold strings, numbers, integers, booleans and lists of choices.`);
  }
}

/** `enum` (with the legacy `enumNames`), `oneOf`/`anyOf` of `{ const, title }`; undefined when it is none of them. */
function readOptions(schema: Record<string, unknown>): ElicitationOption[] | 'invalid' | undefined {
  const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
  let options: ElicitationOption[] | 'invalid' | undefined;
  if (Array.isArray(schema.enum)) {
    options = schema.enum.every((value) => typeof value === 'string') ? (schema.enum as string[]).map((value, index) => ({ value, label: text(names[index]) ?? value })) : 'invalid';
  } else {
    const listed = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
    if (!listed) return undefined;
    options = listed.every((option) => isPlainObject(option) && typeof option.const === 'string')
      ? listed.map((option) => {
          const { const: value, title } = option as { const: string; title?: unknown };
          return { value, label: text(title) ?? value };
        })
      : 'invalid';
  }
  if (options !== 'invalid' && options.length > ELICITATION_LIMITS.options) return 'invalid';
  return options;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value.slice(0, 500) : undefined;
}

function numbers<Key extends string>(schema: Record<string, unknown>, keys: Key[]): Partial<Record<Key, number>> {
  const found: Partial<Record<Key, number>> = {};
  for (const key of keys) if (typeof schema[key] === 'number' && Number.isFinite(schema[key])) found[key] = schema[key];
  return found;
}
