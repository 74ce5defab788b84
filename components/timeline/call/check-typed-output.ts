import type { JsonSchema, JsonValue, ValidationIssue } from '@/lib/runtime';
import { createSchemaValidator } from '@/lib/client/arguments';

/** What the runtime will make of an output typed by hand, checked against the tool's output schema. */
export type TypedOutputCheck =
  | { kind: 'valid' }
  | { kind: 'not-json'; problem: string }
  | { kind: 'invalid'; issues: ValidationIssue[] }
  /** No validator could be built in this page for this schema; the runtime still checks on the server. */
  | { kind: 'unavailable'; message: string };

export type TypedOutputChecker = (text: string) => TypedOutputCheck;

/** A checker for outputs of a tool with `outputSchema`: the same validator as Try's arguments, in the page. */
export function createTypedOutputChecker(outputSchema: JsonSchema): TypedOutputChecker {
  const validator = createSchemaValidator(outputSchema);
  return (text) => {
    let value: JsonValue;
    try {
      value = JSON.parse(text) as JsonValue;
    } catch (error) {
      return { kind: 'not-json', problem: error instanceof Error ? error.message : String(error) };
    }
    if (!validator.ok) return { kind: 'unavailable', message: validator.message };
    const issues = validator.validate(value);
    return issues.length === 0 ? { kind: 'valid' } : { kind: 'invalid', issues };
  };
}
