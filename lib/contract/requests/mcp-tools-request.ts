// Shapes (what mcp-ui builds against):
//   POST /api/mcp/tools  body { url, headers? } (a visitor's server) or { name } (an operator's, by mcp.json key)
//   → 200 McpToolsAnswer (see mcp-tools-answer.ts), or 4xx { error } saying why the server could not be listed.
import { z } from 'zod';
import { mcpHeadersSchema, mcpServerNameSchema, mcpServerUrlSchema } from './mcp-server-ref';

export const mcpToolsRequestSchema = z.union([
  z.object({ url: mcpServerUrlSchema, headers: mcpHeadersSchema.optional() }).strict(),
  z.object({ name: mcpServerNameSchema }).strict(),
]);

export type McpToolsRequest = z.infer<typeof mcpToolsRequestSchema>;
