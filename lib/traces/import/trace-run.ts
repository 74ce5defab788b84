import type { JsonSchema } from '@/lib/runtime';

/** The trace formats an import reads. */
export type TraceFormat = 'otel-genai' | 'openinference' | 'ai-sdk' | 'openai-agents';

/** Something of the trace that did not carry over, or carried over changed: where (a span, a tape entry, a tool) and why. */
export type TraceNote = { where: string; reason: string };

/** A span as every reader sees it: its attributes as plain JSON, its status and events. */
export type TraceSpan = {
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** Nanoseconds since the epoch, as a decimal string (`''` when the span had none). */
  start: string;
  attributes: Record<string, unknown>;
  status: { code: number; message?: string };
  events: { name: string; attributes: Record<string, unknown> }[];
};

/** A tool as the app offered it to the model; its risk when the definition said (MCP's `annotations.readOnlyHint` / `destructiveHint`). */
export type TraceTool = { name: string; description: string; parameters?: JsonSchema; isReadOnly?: boolean; isDestructive?: boolean };

/**
 * A call the session's script proposes, in the script's order over every turn: the app's name for
 * its tool, where it was recorded, and whether the app ran it (a result or a failure was recorded).
 */
export type TraceAppCall = { name: string; where: string; ran: boolean };

/** A call the model proposed: its id, the tool's name and the arguments exactly as the model wrote them. */
export type TraceCall = { callId: string; name: string; arguments: string };

/** One model call: what it answered (text, calls) and what it was offered, with the span it came from. */
export type TraceModelCall = {
  /** The span, e.g. `span 41dbf60e4691ee8c (chat gpt-4o)`. */
  where: string;
  model?: string;
  text: string;
  calls: TraceCall[];
  /** The tools it was offered, when the span recorded them. */
  tools?: TraceTool[];
  /** The text messages it was sent (system, user, assistant), when the span recorded them: where a new user message starts a turn. */
  input?: TraceMessage[];
  /** The call failed (the span's error status): nothing was answered. */
  error?: string;
};

/** What a tool call answered: its output text, or the error it ended with. */
export type TraceToolResult = { callId: string; name: string; arguments?: string; output: string; isError: boolean; where: string };

/** A chat message of the conversation the first model call started from. */
export type TraceMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** A trace read in one of the formats: everything a session is built from, and the notes so far. */
export type TraceRun = {
  format: TraceFormat;
  /** The messages the first model call was sent, in order (system ones become the instructions). */
  messages: TraceMessage[];
  modelCalls: TraceModelCall[];
  results: TraceToolResult[];
  notes: TraceNote[];
  /** Nanoseconds since the epoch of the trace's first span, as a decimal string (`''`: unknown). */
  start: string;
  /** The trace's id, when it had one. */
  traceId?: string;
};
