import { checkStrictSchema } from '../strict/check-strict-schema';
import { strictifySchema } from '../strict/strictify-schema';
import type { JsonSchema } from '../vocabulary/json';
import { err, ok, type Result } from '../vocabulary/result';
import { qualifiedToolName, type ToolMetadata } from './tool';

/** The parameter schema a tool is offered with: the authored one, or its strictified form; or why a strict tool cannot be offered. */
export type SentParameters = Result<{ schema: JsonSchema; strictified: boolean }, string>;

/**
 * What the model is sent for a tool's parameters. A strict tool whose schema OpenAI would reject
 * is strictified; one that cannot be is refused with the places that could not be fixed. A tool
 * that carries its `sentParameters` (worked out in the sandbox pool, for a stranger's schema) is
 * taken at its word.
 */
export function resolveSentParameters(tool: Pick<ToolMetadata, 'name' | 'namespace' | 'strict' | 'parameters' | 'sentParameters'>): SentParameters {
  if (tool.sentParameters) return tool.sentParameters;
  if (!tool.strict) return ok({ schema: tool.parameters, strictified: false });
  if (checkStrictSchema(tool.parameters).ok) return ok({ schema: tool.parameters, strictified: false });
  const strictified = strictifySchema(tool.parameters);
  if (strictified.ok) return ok({ schema: strictified.schema, strictified: true });
  const reasons = strictified.violations.map((violation) => `${violation.pointer || '/'}: ${violation.message}`).join(' ');
  return err(`Tool ${qualifiedToolName(tool)} is strict, but OpenAI would reject its schema and it cannot be made strict: ${reasons} Set strict: false or change the schema.`);
}
