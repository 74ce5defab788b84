import type { JsonValue, ConversationItem, OfferedTool, RequestToolChoice } from '@/lib/runtime';

/** What an embedded model sees: the request the SDK built, parsed back into runtime shapes. */
export type EmbeddedRequest = {
  instructions?: string;
  input: ConversationItem[];
  tools: OfferedTool[];
  parallelToolCalls: boolean;
  /** Absent: `auto`. A named function carries the namespace it was found in. */
  toolChoice?: RequestToolChoice;
  temperature?: number;
  maxOutputTokens?: number;
};

/**
 * One output item before the embedded server gives it ids. `streamDelayMs`: how long the server
 * waits before each streamed piece of it (the scripted model's pacing; none unless set).
 */
export type EmbeddedOutput = { streamDelayMs?: number } & (
  | { type: 'message'; text: string }
  | {
      type: 'function_call';
      name: string;
      namespace?: string;
      arguments: string;
      /** Caveats about the arguments (where the auto model clamped them), shown on the call card. */
      notes?: string[];
    }
  | { type: 'tool_search_call'; arguments: JsonValue }
);

/** A deterministic in-process stand-in for an LLM, served to the SDK by `createEmbeddedFetch`. */
export type EmbeddedModel = {
  readonly kind: 'scripted' | 'auto';
  /** Seeds the response and call ids, so replays of the same conversation agree. */
  readonly seed: number;
  /** May answer asynchronously: the auto model runs in a sandbox worker on the server. */
  respond(request: EmbeddedRequest): EmbeddedOutput[] | Promise<EmbeddedOutput[]>;
};

/** An embedded model that answers in the same tick (the scripted and auto models themselves). */
export type SynchronousEmbeddedModel = Omit<EmbeddedModel, 'respond'> & { respond(request: EmbeddedRequest): EmbeddedOutput[] };

/**
 * How many model turns the conversation already holds: runs of model-produced items
 * (assistant text, calls, opaque items) separated by user messages or tool outputs.
 * Embedded models use it as their iteration index, which keeps them stateless.
 */
export function countModelTurns(input: readonly ConversationItem[]): number {
  let turns = 0;
  let inModelRun = false;
  for (const item of input) {
    const isModelItem =
      (item.type === 'message' && item.role === 'assistant') ||
      item.type === 'function_call' ||
      item.type === 'tool_search_call' ||
      item.type === 'opaque';
    if (isModelItem && !inModelRun) turns += 1;
    inModelRun = isModelItem;
  }
  return turns;
}
