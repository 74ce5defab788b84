import type { JsonSchema, JsonValue } from '../vocabulary/json';
import type { Result } from '../vocabulary/result';
import type { ModelErrorCode } from '../vocabulary/statuses';
import type { RequestToolChoice } from './model-settings';

/**
 * Conversation items in the OpenAI Responses wire shape (snake_case on purpose: adapters pass
 * them through unchanged). Requests are stateless: every request carries all of them.
 * `thought_signature` is Gemini's opaque signature of the thinking behind a part, kept on the
 * item it came with and sent back to Gemini untouched; other providers never see it.
 */
export type ConversationItem =
  | { type: 'message'; role: 'user' | 'assistant' | 'system' | 'developer'; content: string; thought_signature?: string }
  | { type: 'function_call'; call_id: string; name: string; namespace?: string; arguments: string; id?: string; thought_signature?: string }
  /** `is_error`: the output reports a failure (an error, a timeout, a denial), for providers that mark one. */
  | { type: 'function_call_output'; call_id: string; output: string; is_error?: true }
  | { type: 'tool_search_call'; call_id: string; arguments: JsonValue; execution: 'client' | 'server'; id?: string; thought_signature?: string }
  | { type: 'tool_search_output'; call_id: string; tools: OfferedTool[]; execution: 'client' | 'server' }
  /** Reasoning and other provider items we do not interpret but must pass back. */
  | { type: 'opaque'; item: { [key: string]: JsonValue } };

/** A function tool as offered to the model (Responses `FunctionTool`). */
export type OfferedFunction = {
  type: 'function';
  name: string;
  description: string;
  parameters: JsonSchema;
  strict: boolean;
  defer_loading?: boolean;
};

/** Tools as offered: functions, namespaces of functions, and the hosted tool search. */
export type OfferedTool =
  | OfferedFunction
  | { type: 'namespace'; name: string; description: string; tools: OfferedFunction[] }
  /** `execution: 'client'` means the runtime answers `tool_search_call`s itself. */
  | { type: 'tool_search'; execution?: 'client' | 'server'; description?: string; parameters?: JsonSchema };

export type ModelRequest = {
  instructions?: string;
  input: ConversationItem[];
  tools: OfferedTool[];
  parallelToolCalls: boolean;
  /** Absent: the provider's default (`auto`). Sent only with tools. */
  toolChoice?: RequestToolChoice;
  temperature?: number;
  maxOutputTokens?: number;
};

export type ModelUsage = {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  /** Input tokens served from the provider's prompt cache, when it reports them. */
  cachedInputTokens?: number;
  /** Input tokens written to the provider's prompt cache (Anthropic reports them), a part of `inputTokens`. */
  cacheWriteInputTokens?: number;
  /** Output tokens spent on reasoning, when the provider reports them. */
  reasoningTokens?: number;
};

/** Caveats a provider attached to one of its function calls. */
export type CallNotes = { callId: string; notes: string[] };

/** Leads a call note that lists the arguments a model took from the user's words (the others are caveats, e.g. clamps). */
export const FROM_MESSAGE_NOTE = 'From your message: ';

/** Leads a call note that lists the arguments a model made up because the user's words did not give them. */
export const GENERATED_NOTE = 'Generated, not in your message: ';

/** Whether a call note says where arguments came from (from the message, or generated) rather than a caveat. */
export function isArgumentSourceNote(note: string): boolean {
  return note.startsWith(FROM_MESSAGE_NOTE) || note.startsWith(GENERATED_NOTE);
}

export type ModelResponse = {
  id: string;
  /** Output items in model order: assistant messages, function calls, search calls, opaque items. */
  output: ConversationItem[];
  usage?: ModelUsage;
  /**
   * Caveats about the arguments of some function calls. Not part of the Responses protocol:
   * only the embedded auto model sends them, saying where it clamped generated arguments.
   */
  callNotes?: CallNotes[];
  /** Set by a fork's client (`createForkClient`): answered from the recording or by the live model. */
  servedBy?: 'tape' | 'live';
  /** On a fork's first live response: why the recording no longer answered. */
  divergence?: string;
};

/** A provider failure, mapped to plain data. */
export type ModelError = {
  code: ModelErrorCode;
  message: string;
  status?: number;
};

/**
 * A piece of one output item of a response still streaming, as the provider sent it: assistant
 * text, or the arguments of a function call. `item` is the item's index in the response's output.
 */
export type ModelDelta =
  | { kind: 'text'; item: number; delta: string; callId?: never; name?: never; namespace?: never }
  | { kind: 'arguments'; item: number; delta: string; callId: string; name: string; namespace?: string };

export type CreateResponseOptions = {
  signal: AbortSignal;
  /**
   * Called for every text or arguments delta while the response streams, before the promise
   * settles. Providers that do not stream never call it; the final response is the same either way.
   */
  onDelta?: (delta: ModelDelta) => void;
};

/** The one interface the turn loop needs from a model. */
export type ModelClient = {
  /** Provider label shown in events, e.g. `embedded:auto` or `openai:gpt-5.4`. */
  readonly label: string;
  /** Whether the provider runs `tool_search` itself (hosted); otherwise the runtime searches client-side. */
  readonly hostedToolSearch: boolean;
  /** False for providers that cannot see deferred tools at all: the runtime then offers them directly. */
  readonly supportsDeferredTools: boolean;
  createResponse(request: ModelRequest, options: CreateResponseOptions): Promise<Result<ModelResponse, ModelError>>;
};
