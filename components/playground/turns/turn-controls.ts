import { abortTurn, sendApproval, sendElicitationAnswer, sendManualOutput } from '@/lib/client/api';
import type { ElicitationAnswerRequest } from '@/lib/contract';
import { err, ok, type Result } from '@/lib/runtime';

/** How long Stop waits for the server's own `turn-end` before it drops the connection. */
const STOP_GRACE_MS = 3000;

let lastRunId = 0;

/** A run id no other run of this page has had: the conversation's runner and the side-by-side columns share them. */
export function takeRunId(): number {
  lastRunId += 1;
  return lastRunId;
}

type ReportProblem = (message: string) => void;

/**
 * Asks the server to stop turn `turnId` (it ends with its own `turn-end`), then drops the stream
 * after a grace period; without a turn id yet, drops it at once.
 */
export function stopTurn(turnId: string | null, controller: AbortController | null | undefined, onProblem: ReportProblem): void {
  if (!turnId) {
    controller?.abort();
    return;
  }
  void abortTurn(turnId).then((result) => {
    if (!result.ok) onProblem(`Stop request failed: ${result.error.message}`);
    setTimeout(() => controller?.abort(), result.ok ? STOP_GRACE_MS : 0);
  });
}

/** Sends a person's decision on a call waiting for approval in turn `turnId`. */
export function decideCall(turnId: string, decision: { callId: string; approved: boolean; reason?: string }, onProblem: ReportProblem): void {
  const { callId, approved, reason } = decision;
  void sendApproval(turnId, { callId, approved, ...(reason ? { reason } : {}) }).then((result) => {
    if (!result.ok) onProblem(`Could not send the decision for ${callId}: ${result.error.message}`);
  });
}

/** Sends the output a person typed for a call answered by hand in turn `turnId`. */
export function answerCall(turnId: string, answer: { callId: string; output: string }, onProblem: ReportProblem): void {
  void sendManualOutput(turnId, answer).then((result) => {
    if (!result.ok) onProblem(`Could not send the output for ${answer.callId}: ${result.error.message}`);
  });
}

/** Sends a person's answer to a question an MCP server asked during a call of turn `turnId`; the reason when it was refused. */
export async function answerElicitation(turnId: string | null, answer: ElicitationAnswerRequest): Promise<Result<void, string>> {
  if (!turnId) return err('The turn is not running.');
  const sent = await sendElicitationAnswer(turnId, answer);
  return sent.ok ? ok(undefined) : err(sent.error.message);
}
