import type { JsonValue } from '../vocabulary/json';

/** The outcome of a strict `JSON.parse`, as a value. */
export type JsonParse = { ok: true; value: JsonValue } | { ok: false };

export function parseJson(text: string): JsonParse {
  try {
    return { ok: true, value: JSON.parse(text) as JsonValue };
  } catch (error) {
    // A SyntaxError is the expected "not JSON" answer; anything else is a real fault.
    if (error instanceof SyntaxError) return { ok: false };
    throw error;
  }
}
