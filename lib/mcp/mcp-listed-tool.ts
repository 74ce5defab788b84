import type { JsonSchema } from '@/lib/runtime';
import type { McpToolAnnotations } from '@/lib/contract';

/**
 * One tool as `tools/list` describes it, the fields this playground reads. Plain data (the SDK's
 * own type stays on the server), so the page and the sandbox can describe a listing too.
 */
export type McpListedTool = {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: McpToolAnnotations;
};
