import { checkStrictSchema, type JsonSchema, STRICT_DOCS_URL, strictifySchema } from '@/lib/runtime';
import { createVerdict, type CompatibilityIssue, type CompatibilityVerdict } from './provider-compatibility';
import { isValidToolName } from '../schema';

/** Function names: https://platform.openai.com/docs/api-reference/responses/create#responses-create-tools ("a-z, A-Z, 0-9, underscores and dashes, max 64"). */
const FUNCTION_DOCS_URL = 'https://platform.openai.com/docs/guides/function-calling#defining-functions';

/** OpenAI with `strict: true`: the runtime's own strict checker and strictifier. */
export function checkOpenAIStrict(tool: { name: string; jsonSchema: JsonSchema }): CompatibilityVerdict {
  const report = checkStrictSchema(tool.jsonSchema);
  const strictified = report.ok ? null : strictifySchema(tool.jsonSchema);
  const fixable = strictified?.ok === true;
  const issues: CompatibilityIssue[] = [
    ...checkName(tool.name),
    ...report.violations.map((violation) => ({ pointer: violation.pointer, message: violation.message, fixable })),
  ];
  return createVerdict({
    target: 'openai-strict',
    label: 'OpenAI strict',
    source: STRICT_DOCS_URL,
    issues,
    rewrite: () => (strictified?.ok ? strictified.schema : tool.jsonSchema),
  });
}

/**
 * OpenAI without strict mode takes any JSON Schema as `parameters`, but the root must still be
 * an object: the API answers `schema must be a JSON Schema of 'type: "object"'` otherwise.
 */
export function checkOpenAINonStrict(tool: { name: string; jsonSchema: JsonSchema }): CompatibilityVerdict {
  const schema = tool.jsonSchema;
  const issues: CompatibilityIssue[] = [...checkName(tool.name)];
  const missingType = schema.type === undefined && 'properties' in schema;
  if (schema.type !== 'object') {
    issues.push({
      pointer: '/type',
      message: `schema must be a JSON Schema of 'type: "object"', got 'type: "${schema.type === undefined ? 'None' : JSON.stringify(schema.type)}"'.`,
      fixable: missingType,
    });
  }
  return createVerdict({
    target: 'openai',
    label: 'OpenAI',
    source: FUNCTION_DOCS_URL,
    issues,
    rewrite: () => ({ type: 'object', ...schema }),
  });
}

function checkName(name: string): CompatibilityIssue[] {
  return isValidToolName(name) ? [] : [{ pointer: '', message: `The function name ${JSON.stringify(name)} must match ^[a-zA-Z0-9_-]{1,64}$.`, fixable: false }];
}
