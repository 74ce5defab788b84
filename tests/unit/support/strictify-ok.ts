import { expect } from 'vitest';
import { type JsonSchema, checkStrictSchema, strictifySchema } from '@/lib/runtime';

/** `strictifySchema`'s outcome for a schema it must fix, checked to pass OpenAI's strict rules; throws with the violations otherwise. */
export function strictifyOk(schema: JsonSchema) {
  const outcome = strictifySchema(schema);
  if (!outcome.ok) throw new Error(`expected a strictified schema, got ${JSON.stringify(outcome.violations)}`);
  expect(checkStrictSchema(outcome.schema)).toEqual({ ok: true, violations: [] });
  return outcome;
}
