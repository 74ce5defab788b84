// Server-only: re-runs a recorded turn through the same path a live turn takes, on its tape.
import { err, ok, type Result, type RuntimeEvent } from '@/lib/runtime';
import { EMPTY_MCP_TAPE } from '@/lib/contract';
import type { TapedTurn } from '@/lib/replay';
import { runTurnToEnd } from './run-turn-to-end';

/**
 * Runs `turn` again with the model replaced by its tape and every approval, typed output and answer to a server's question answered as recorded,
 * and returns the events it produced. Nothing is stored: replays are not shareable turns.
 */
export async function runTurnOnTape(turn: TapedTurn, clientId = 'session-replay'): Promise<Result<RuntimeEvent[], string>> {
  const finished = await runTurnToEnd({
    request: { ...turn.request, model: { provider: 'tape', tape: turn.tape } },
    clientId,
    recordedApprovals: new Map(turn.approvals.map((approval) => [approval.callId, { approved: approval.approved, reason: approval.reason }])),
    recordedOutputs: new Map(turn.outputs.map((output) => [output.callId, output.output])),
    recordedElicitations: new Map((turn.elicitations ?? []).map(({ elicitationId, ...reply }) => [elicitationId, reply])),
    // Even without a recorded MCP side, a server the request names is answered from the recording (it then fails), never contacted.
    mcpTape: turn.mcp ?? EMPTY_MCP_TAPE,
  }, 'The replay');
  return finished.ok ? ok(finished.value.events) : err(finished.error.message);
}
