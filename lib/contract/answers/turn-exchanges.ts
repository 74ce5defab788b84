// Shape (GET /api/turns/<turnId>/exchanges, and what a shared session's raw view reads from its record):
//   TurnExchanges = { exchanges: TapeEntry[], mcp?: McpTape }
import { z } from 'zod';
import { tapeEntrySchema } from '../requests/model-config';
import { mcpTapeSchema } from './mcp-tape';

/** A turn's raw exchanges: the model's, and, when it had MCP servers, their JSON-RPC side. */
export const turnExchangesSchema = z.object({ exchanges: z.array(tapeEntrySchema), mcp: mcpTapeSchema.optional() });

export type TurnExchanges = z.infer<typeof turnExchangesSchema>;
