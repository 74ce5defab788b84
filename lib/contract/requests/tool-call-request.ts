import { z } from 'zod';
import { TURN_LIMITS, turnRequestSchema } from './turn-request';

/** Limits of `POST /api/tools/call` beyond those it shares with turns (source, files, permissions). */
export const TOOL_CALL_LIMITS = {
  /** The raw arguments string, as large as a model's would reasonably be. */
  argumentsChars: 100_000,
  /** Source and files as in a turn request, plus the arguments. */
  bodyBytes: TURN_LIMITS.bodyBytes,
} as const;

const turn = turnRequestSchema.shape;

/**
 * Body of `POST /api/tools/call`: one call a person makes without a model. The module, seed
 * files, seed and permissions are read exactly as a turn request reads them; `arguments` is the
 * raw string a model would send, malformed JSON included (the repair ladder gets it).
 */
export const toolCallRequestSchema = z.object({
  source: turn.source,
  /** The qualified name (`namespace.name` inside a namespace). An unknown one is the runtime's `unknown-tool`, not a 4xx. */
  name: z.string().min(1, 'name is the tool to call.').max(200, 'name is limited to 200 characters.'),
  arguments: z.string().max(TOOL_CALL_LIMITS.argumentsChars, `arguments are limited to ${TOOL_CALL_LIMITS.argumentsChars} characters.`),
  files: turn.files,
  seed: turn.seed,
  permissions: turn.permissions,
  answerByHand: turn.answerByHand,
  /** MCP servers whose tools may be called (`name.tool`). */
  mcpServers: turn.mcpServers,
});

export type ToolCallRequest = z.infer<typeof toolCallRequestSchema>;
