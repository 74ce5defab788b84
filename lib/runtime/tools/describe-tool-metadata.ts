import type { ToolConfigShape } from './check-tool-config';
import type { JsonSchema } from '../vocabulary/json';
import type { ToolMetadata } from './tool';

/**
 * The metadata of a definition `checkToolConfig` accepted, with every default applied: one
 * reading for `defineTool` in the host realm and for tools compiled in the sandbox.
 * `namespaceDescription` counts only inside a namespace; a tag written twice counts once.
 */
export function describeToolMetadata(config: ToolConfigShape, parameters: JsonSchema): ToolMetadata {
  const namespace = typeof config.namespace === 'string' ? config.namespace : undefined;
  const { executionMode, namespaceDescription, timeoutMs, outputParameters } = config;
  const tags = Array.isArray(config.tags) ? [...new Set(config.tags.map(String))] : [];
  return {
    name: String(config.name),
    description: String(config.description),
    parameters,
    schemaSource: config.hasSchema ? 'zod' : 'json-schema',
    strict: config.strict !== false,
    deferLoading: config.deferLoading === true,
    isReadOnly: config.isReadOnly === true,
    isDestructive: config.isDestructive === true,
    needsApproval: config.needsApproval === 'dynamic' ? 'dynamic' : config.needsApproval === true,
    hasOutputSchema: config.hasOutputSchema,
    hasExecute: config.execute === 'function',
    ...(namespace === undefined ? {} : { namespace }),
    ...(namespace !== undefined && typeof namespaceDescription === 'string' ? { namespaceDescription } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    ...(executionMode === 'parallel' || executionMode === 'sequential' ? { executionMode } : {}),
    ...(typeof timeoutMs === 'number' ? { timeoutMs } : {}),
    ...(outputParameters ? { outputParameters } : {}),
  };
}
