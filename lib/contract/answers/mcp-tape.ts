// Shapes (what mcp-ui reads):
//   McpTape = { servers: [{ name, info: McpServerInfo, tools: McpListedTool-like[] }], calls: McpRecordedCall[], messages: McpRecordedMessage[] }
//   A finished turn (and a stored session turn) carries `mcp?: McpTape` beside its model `tape`: the servers
//   and tools the turn had (never headers), every tools/call with its arguments, progress and result (what a
//   replay answers from, without connecting), and the raw JSON-RPC messages either way for the raw view.
import { z } from 'zod';
import { jsonValueSchema } from '../requests/model-config';
import { MCP_LIMITS } from '../limits/mcp-limits';
import { elicitationReplySchema } from '../requests/elicitation-answer-request';
import { mcpHeadersSchema, mcpServerUrlSchema } from '../requests/mcp-server-ref';

/** Messages a turn keeps for the raw view, how large one may be before it is kept as a stub, and how much of a question's message is kept (as the timeline shows it). */
export const MCP_TAPE_LIMITS = { messages: 400, messageChars: 20_000, questionChars: 4000 } as const;

const annotationsSchema = z.object({
  title: z.string().optional(),
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
});

const jsonObjectSchema = z.record(z.string(), jsonValueSchema);

export const mcpRecordedToolSchema = z.object({
  name: z.string().max(200),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: jsonObjectSchema,
  outputSchema: jsonObjectSchema.optional(),
  annotations: annotationsSchema.optional(),
});

export const mcpRecordedServerSchema = z.object({
  name: z.string().max(64),
  info: z.object({
    name: z.string().max(500),
    title: z.string().max(500).optional(),
    version: z.string().max(200),
    protocolVersion: z.string().max(50),
    instructions: z.string().optional(),
    transport: z.enum(['streamable-http', 'sse', 'stdio']),
  }),
  /** A visitor's server's address (never `user:password@`), for Copy as curl; absent for an operator's server. Checked as a request's URL is. */
  url: mcpServerUrlSchema.optional(),
  /** The headers the visitor typed, by name, every value redacted (`Bearer <redacted>`): never a value. Checked as a request's headers are. */
  headers: mcpHeadersSchema.optional(),
  /** The tools the turn offered from it, as the server listed them. */
  tools: z.array(mcpRecordedToolSchema).max(MCP_LIMITS.toolsPerServer),
});

export const mcpProgressSchema = z.object({ progress: z.number(), total: z.number().optional(), message: z.string().optional() });

/** A question the server asked a person during a call, and the reply it got (what a replay asks again and checks). */
export const mcpRecordedQuestionSchema = z.object({
  question: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('form'), message: z.string().max(MCP_TAPE_LIMITS.questionChars), requestedSchema: jsonValueSchema }),
    z.object({ mode: z.literal('url'), message: z.string().max(MCP_TAPE_LIMITS.questionChars), url: z.string().max(MCP_LIMITS.urlChars) }),
  ]),
  reply: elicitationReplySchema,
});

export const mcpRecordedCallSchema = z.object({
  server: z.string().max(64),
  /** The tool as the server names it. */
  tool: z.string().max(200),
  arguments: jsonValueSchema,
  progress: z.array(mcpProgressSchema).max(MCP_LIMITS.progressLinesPerCall).optional(),
  /** The questions the server asked a person during the call, in order, each with the reply it got. */
  questions: z.array(mcpRecordedQuestionSchema).max(MCP_LIMITS.questionsPerCall).optional(),
  /** The `tools/call` result as received (secrets redacted). */
  result: jsonValueSchema.optional(),
  /** Why there was no result: the sentence the call failed with. */
  error: z.string().optional(),
});

export const mcpRecordedMessageSchema = z.object({
  server: z.string().max(64),
  direction: z.enum(['sent', 'received']),
  /** The JSON-RPC message; one past `MCP_TAPE_LIMITS.messageChars` is kept as `{ method?, id?, omittedChars }`. */
  message: jsonValueSchema.refine(
    (message) => JSON.stringify(message).length <= MCP_TAPE_LIMITS.messageChars,
    `a recorded MCP message is kept up to ${MCP_TAPE_LIMITS.messageChars} characters as JSON (a larger one is kept as its method, id and size).`,
  ),
});

/** A server listed again during the turn (it sent `notifications/tools/list_changed`): what the request of `iteration` offered from it. */
export const mcpRecordedRelistSchema = z.object({
  server: z.string().max(64),
  /** The model request the new listing was first offered to. */
  iteration: z.number().int().positive(),
  /** The tools as listed again (those the request includes); absent when the listing failed. */
  tools: z.array(mcpRecordedToolSchema).max(MCP_LIMITS.toolsPerServer).optional(),
  /** Why the server could not be listed again (the turn kept the tools it had). */
  error: z.string().optional(),
});

export const mcpTapeSchema = z.object({
  servers: z.array(mcpRecordedServerSchema).max(MCP_LIMITS.serversPerRequest),
  /** Absent in turns where no server's tools changed (and in recordings made before relisting was recorded). */
  relists: z.array(mcpRecordedRelistSchema).max(MCP_LIMITS.serversPerRequest * MCP_LIMITS.relistsPerTurn).optional(),
  calls: z.array(mcpRecordedCallSchema).max(MCP_LIMITS.callsPerTurn, `a turn makes at most ${MCP_LIMITS.callsPerTurn} MCP server calls.`),
  messages: z.array(mcpRecordedMessageSchema).max(MCP_TAPE_LIMITS.messages, `a turn keeps at most ${MCP_TAPE_LIMITS.messages} MCP messages.`),
});

export type McpTape = z.infer<typeof mcpTapeSchema>;

/** The MCP side of a recorded turn that had no server: a replay or fork given it connects to nothing. */
export const EMPTY_MCP_TAPE: McpTape = { servers: [], calls: [], messages: [] };
export type McpRecordedCall = z.infer<typeof mcpRecordedCallSchema>;
export type McpRecordedMessage = z.infer<typeof mcpRecordedMessageSchema>;
export type McpRecordedServer = z.infer<typeof mcpRecordedServerSchema>;
export type McpRecordedRelist = z.infer<typeof mcpRecordedRelistSchema>;
export type McpRecordedQuestion = z.infer<typeof mcpRecordedQuestionSchema>;
export type McpProgress = z.infer<typeof mcpProgressSchema>;
