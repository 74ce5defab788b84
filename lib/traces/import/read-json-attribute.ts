import type { JsonSchema } from '@/lib/runtime';
import { isPlainObject } from '@/lib/runtime';

/** An attribute that holds JSON: parsed when it is JSON text, as it is when an exporter kept it structured; `undefined` when neither. */
export function readJsonAttribute(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/** A text attribute, or `undefined`. */
export function readText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Arguments as the model wrote them: text as it is, a structured value as its JSON. */
export function readArgumentsText(value: unknown): string {
  if (typeof value === 'string') return value;
  return value === undefined ? '{}' : JSON.stringify(value);
}

/** A tool's output as the model read it: text as it is, anything else as its JSON. */
export function readOutputText(value: unknown): string {
  if (typeof value === 'string') return value;
  return value === undefined ? '' : JSON.stringify(value);
}

/** A parameter schema when `value` is a JSON object schema, else `undefined`. */
export function readParameterSchema(value: unknown): JsonSchema | undefined {
  const parsed = readJsonAttribute(value);
  return isPlainObject(parsed) ? (parsed as JsonSchema) : undefined;
}

/** How a note names a span: its id and name. */
export function describeSpan(span: { spanId: string; name: string }): string {
  return `span ${span.spanId || '(no id)'} (${span.name || 'unnamed'})`;
}
