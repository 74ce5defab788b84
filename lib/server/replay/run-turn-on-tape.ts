// Server-only: re-runs a recorded turn through the same path a live turn takes, on its tape.
import { err, ok, type Result, type RuntimeEvent } from '@/lib/runtime';
import { toEventStream, streamTurn } from '@/lib/server/turns';
import type { FinishedTurn } from '@/lib/contract';
import type { TapedTurn } from '@/lib/replay';

/**
 * Runs `turn` again with the model replaced by its tape and every approval and typed output answered as recorded,
 * and returns the events it produced. Nothing is stored: replays are not shareable turns.
 */
export async function runTurnOnTape(turn: TapedTurn, clientId = 'session-replay'): Promise<Result<RuntimeEvent[], string>> {
  const recordedApprovals = new Map(turn.approvals.map((approval) => [approval.callId, { approved: approval.approved, reason: approval.reason }]));
  const recordedOutputs = new Map(turn.outputs.map((output) => [output.callId, output.output]));
  let finished: FinishedTurn | undefined;
  const started = await streamTurn({
    request: { ...turn.request, model: { provider: 'tape', tape: turn.tape } },
    clientId,
    env: {},
    recordedApprovals,
    recordedOutputs,
    ...(turn.mcp ? { mcpTape: turn.mcp } : {}),
    onFinished: (result) => {
      finished = result;
    },
  });
  if (!started.ok) return err(`The replay could not start (${started.status}): ${started.error}`);
  // The stream closes only after onFinished ran, so draining it is waiting for the turn.
  const reader = toEventStream(started.events).getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
  const events = (finished as FinishedTurn | undefined)?.events;
  return events ? ok(events) : err('The replay ended without finishing the turn.');
}
