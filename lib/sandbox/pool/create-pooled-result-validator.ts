// Server-only: task mode's result schema is the visitor's too, so submissions are checked in a worker.
import { type ResultValidator, type JsonSchema, type JsonValue, validationFailure } from '@/lib/runtime';
import type { SandboxPool } from './sandbox-pool';

const VALIDATE_TIMEOUT_MS = 15_000;

export function createPooledResultValidator(pool: SandboxPool, schema: JsonSchema): ResultValidator {
  return async (value) => {
    const answer = await pool.run<'validate-result'>({ kind: 'validate-result', schema, value: (value ?? null) as JsonValue }, { timeoutMs: VALIDATE_TIMEOUT_MS });
    return answer.ok ? answer.value : [validationFailure(`Validation could not run: ${answer.error.message}`)];
  };
}
