import type { JsonSchema } from '../vocabulary/json';
import { err, ok } from '../vocabulary/result';
import type { Tool } from './tool';
import type { ValidationIssue } from '../vocabulary/issues';
import { createJsonSchemaValidator } from '../validation/validate-json-schema';

export const SUBMIT_RESULT_TOOL_NAME = 'submit_result';

/** Checks a submission against the result schema somewhere else (the server: in a sandbox worker). */
export type ResultValidator = (value: unknown) => Promise<ValidationIssue[]>;

/**
 * The task-mode built-in: its parameters are the user's result schema, sent strict. A submission
 * that does not validate is a model-visible rejection (the turn goes on); an accepted one ends
 * the turn with the submitted value.
 */
export function createSubmitResultTool(resultSchema: JsonSchema, validateResult?: ResultValidator): { ok: true; tool: Tool } | { ok: false; message: string } {
  if (resultSchema.type !== 'object') {
    return { ok: false, message: 'The task result schema must have type "object" at its root.' };
  }
  const validator = createJsonSchemaValidator(resultSchema);
  if (!validator.ok) return { ok: false, message: `The task result schema is not valid: ${validator.error}` };
  const tool: Tool = {
    name: SUBMIT_RESULT_TOOL_NAME,
    description: 'Submit the final result of the task. Call this exactly once, when the result is complete; the arguments are the result.',
    parameters: resultSchema,
    schemaSource: 'json-schema',
    strict: true,
    deferLoading: false,
    executionMode: 'sequential',
    isReadOnly: true,
    isDestructive: false,
    needsApproval: false,
    hasOutputSchema: false,
    hasExecute: true,
    validateArguments: async (args) => {
      const issues = validateResult ? await validateResult(args) : validator.value(args);
      return issues.length === 0 ? ok(args as never) : err(issues);
    },
    evaluateNeedsApproval: async () => false,
    describeActivity: async () => 'Submitting the result',
    describeCompletedActivity: async () => 'Result accepted',
    execute: async () => ok({ content: 'Result accepted. The task is complete.', endTurn: true }),
    validateOutput: async () => [],
  };
  return { ok: true, tool };
}
