import type { RuntimeEvent, TurnEnding } from '@/lib/runtime';
import type { ModelConfig, TapeEntry } from '../requests/model-config';
import type { McpTape } from './mcp-tape';
import type { TurnRequest } from '../requests/turn-request';
import type { ElicitationAnswerRequest } from '../requests/elicitation-answer-request';

/** Everything a finished turn leaves behind, for sessions and replay. Holds no secret. */
export type FinishedTurn = {
  turnId: string;
  request: Omit<TurnRequest, 'model'> & { model: ModelConfig };
  tape: TapeEntry[];
  /** The MCP servers' side of the turn, when it had any: what a replay answers server calls from. */
  mcp?: McpTape;
  approvals: { callId: string; approved: boolean; reason?: string }[];
  /** Outputs people typed for calls answered by hand, in the order they arrived. */
  outputs: { callId: string; output: string }[];
  /** What people answered to the servers' questions (MCP elicitation), in the order they arrived; absent when nobody was asked. */
  elicitations?: ElicitationAnswerRequest[];
  events: RuntimeEvent[];
  outcome: TurnEnding;
  /** The SHA-256 of the turn's control token (never the token), so its starting client can read the stored turn on any instance. */
  controlTokenHash?: string;
};
