import type { ConversationItem } from '../model/model-client';
import type { JsonValue } from '../vocabulary/json';
import type { ToolOutputStatus } from '../vocabulary/statuses';

/** The normalized outcome of one proposed call, whatever happened to it. */
export type ToolResult = {
  callId: string;
  name: string;
  status: ToolOutputStatus;
  /** Exactly what the model receives as `function_call_output`, redacted. */
  output: string;
  /** A short label for the screen. */
  summary: string;
  /** One ledger line: who ran what with which outcome. */
  audit: string;
  durationMs: number;
  details?: JsonValue;
  endTurn?: boolean;
};

/** Model-visible outputs are capped so one chatty tool cannot flood the context. */
export const MAX_MODEL_OUTPUT_CHARS = 100_000;

export function capOutput(text: string): string {
  if (text.length <= MAX_MODEL_OUTPUT_CHARS) return text;
  return `${text.slice(0, MAX_MODEL_OUTPUT_CHARS)}\n[output truncated: ${text.length - MAX_MODEL_OUTPUT_CHARS} more characters]`;
}

export function stringifyContent(content: JsonValue): string {
  return typeof content === 'string' ? content : JSON.stringify(content);
}

/** A result as the conversation keeps it; anything but a success is marked `is_error` for providers that mark failures. */
export function toOutputItem(result: ToolResult): Extract<ConversationItem, { type: 'function_call_output' }> {
  return { type: 'function_call_output', call_id: result.callId, output: result.output, ...(result.status === 'success' ? {} : { is_error: true as const }) };
}
