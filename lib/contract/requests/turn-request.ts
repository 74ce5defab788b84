import { z } from 'zod';
import { requestModelConfigSchema, type ModelConfig } from './model-config';
import { readConversation, permissionModeSchema, turnModeSchema, modelSettingsSchema, TOOL_SEARCH_VERSIONS } from '@/lib/runtime';
import { SANDBOX_LIMITS } from '../limits/sandbox-limits';
import { mcpServersSchema } from './mcp-server-ref';

/** Request limits; anything past them is a 4xx with the limit in the message. */
export const TURN_LIMITS = {
  /** A tool module: GitHub's REST API (1,223 operations) imports as 1.9M characters, Microsoft Graph's (2,700) as 3.8M. */
  sourceChars: SANDBOX_LIMITS.moduleCharacters,
  /** A compile request's body: one module, JSON-escaped (each line break and quote takes two bytes). */
  compileBodyBytes: 7_000_000,
  messages: 50,
  messageChars: 20_000,
  maxIterations: 25,
  /** Files as the sandbox allows them, so whatever a turn left behind can be sent to the next. */
  files: SANDBOX_LIMITS.files.count,
  fileChars: SANDBOX_LIMITS.files.bytesPerFile,
  /** Items of earlier turns a request may carry (`conversation`). */
  conversationItems: 1000,
  /** The whole `conversation` as JSON. */
  conversationChars: 2_000_000,
  instructionsChars: 20_000,
  /** A turn request's body: source, files and conversation together (6.5 + 2 + 2 MB at most, JSON-escaped). */
  bodyBytes: 12_000_000,
  /** Events one turn may stream; past it the turn is stopped with an error. */
  eventsPerTurn: 5000,
  /** How long one turn (or direct call) may hold its slot, whatever it does. */
  wallMs: 600_000,
  /** How long one turn may wait, in all, on its tool calls (a sleeping tool) and on people (approvals, typed outputs). */
  waitMs: 180_000,
} as const;

/** What a fork of a recorded turn may change. */
export const FORK_LIMITS = { overrides: 50 } as const;

const jsonObject = z.record(z.string(), z.unknown());

/**
 * Responses input items of the turns before this one (a `turn-end`'s `conversation`). Each item
 * is read as the runtime reads a provider's items; a bad one is a 400 naming its index.
 */
const conversationSchema = z
  .array(jsonObject)
  .max(TURN_LIMITS.conversationItems, `conversation holds at most ${TURN_LIMITS.conversationItems} items; clear the conversation to go on.`)
  .superRefine((items, context) => {
    const chars = JSON.stringify(items).length;
    if (chars > TURN_LIMITS.conversationChars) {
      context.addIssue({ code: 'custom', message: `conversation is ${chars} characters as JSON; the limit is ${TURN_LIMITS.conversationChars}. Clear the conversation to go on.` });
      return;
    }
    const read = readConversation(items);
    if (!read.ok) context.addIssue({ code: 'custom', path: [read.error.index], message: read.error.message });
  });

const toolNames = z.array(z.string().min(1).max(200)).max(SANDBOX_LIMITS.toolsPerModule);

export const turnRequestSchema = z.object({
  source: z.string().max(TURN_LIMITS.sourceChars, `source is limited to ${TURN_LIMITS.sourceChars} characters.`),
  messages: z
    .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(TURN_LIMITS.messageChars, `a message is limited to ${TURN_LIMITS.messageChars} characters.`) }))
    .min(1, 'messages needs at least one user message.')
    .max(TURN_LIMITS.messages, `at most ${TURN_LIMITS.messages} messages.`),
  /** Any model but the server's tape (a replay's, built from a stored record). */
  model: requestModelConfigSchema,
  permissions: z
    .object({
      mode: permissionModeSchema,
      allow: z.array(z.string().max(200)).max(100).optional(),
      deny: z.array(z.string().max(200)).max(100).optional(),
    })
    .optional(),
  mode: turnModeSchema.optional(),
  resultSchema: jsonObject.optional(),
  maxIterations: z.number().int().min(1).max(TURN_LIMITS.maxIterations, `maxIterations is at most ${TURN_LIMITS.maxIterations}.`).optional(),
  files: z
    .record(z.string().max(500), z.string().max(TURN_LIMITS.fileChars, `a seed file is limited to ${TURN_LIMITS.fileChars} characters.`))
    .refine((files) => Object.keys(files).length <= TURN_LIMITS.files, `at most ${TURN_LIMITS.files} seed files.`)
    .optional(),
  seed: z.number().int().optional(),
  /** The system/developer instructions, sent with every request of the turn. */
  instructions: z.string().max(TURN_LIMITS.instructionsChars, `instructions are limited to ${TURN_LIMITS.instructionsChars} characters.`).optional(),
  conversation: conversationSchema.optional(),
  /** `tool_choice`, `parallel_tool_calls`, `temperature`, `max_output_tokens` for the turn's model requests. */
  modelSettings: modelSettingsSchema.optional(),
  /** Deferred tools earlier turns loaded (a `turn-end`'s `state.loadedTools`). */
  loadedTools: toolNames.optional(),
  /** Tools whose calls a person answers by hand, by qualified name. */
  answerByHand: toolNames.optional(),
  /** The Tool Search ranking (`CURRENT_TOOL_SEARCH_VERSION` when absent); a replay sends the one its turn recorded. */
  toolSearch: z.enum(TOOL_SEARCH_VERSIONS).optional(),
  /**
   * Outputs that replace what these calls would return (a fork with a changed output): each call
   * is answered with its text instead of running, shown as `tool-output-request` with reason
   * `fork-override`. Kept with the turn, so its replay answers them the same way.
   */
  overrideOutputs: z
    .array(z.object({ callId: z.string().min(1).max(200), output: z.string().max(SANDBOX_LIMITS.outputBytes, `an output is limited to ${SANDBOX_LIMITS.outputBytes} characters.`) }))
    .max(FORK_LIMITS.overrides, `at most ${FORK_LIMITS.overrides} changed outputs.`)
    .optional(),
  /** MCP servers whose tools the turn offers, each in the namespace of its `name`. */
  mcpServers: mcpServersSchema.optional(),
  /** The recorded turn this one forks (set by the server's fork route): Compare opens the two side by side. */
  forkOf: z.object({ sessionId: z.string().max(64), turn: z.number().int().nonnegative() }).optional(),
});

/** A turn as the server runs it: a request's, or a replay's, whose model is the recorded tape. */
export type TurnRequest = Omit<z.infer<typeof turnRequestSchema>, 'model'> & { model: ModelConfig };
/** The body as a client writes it (before defaults): what `lib/client` builds and sends. */
export type TurnRequestBody = z.input<typeof turnRequestSchema>;
