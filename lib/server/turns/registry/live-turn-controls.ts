// Server-only: what the holder of a turn's control token may do to a turn running in this process.
import type { ElicitationAnswerRequest } from '@/lib/contract';
import { checkElicitationContent, readElicitationForm, type ApprovalDecision, type ElicitationReply, type ElicitationRequest } from '@/lib/runtime';
import { matchesTurnControlToken } from './turn-control';
import type { AbortOutcome, DeliverElicitationOutcome, DeliverOutcome, DeliverOutputOutcome, LiveTurn, TapeAccess } from './turn-registry';

/**
 * Approvals, typed outputs, aborts and tape reads of the turns in `turns`, each checked against the
 * turn's control token; `unknown-turn` when the turn does not run here (the registry then forwards
 * the control on its bus). Also how a turn waits for those approvals and outputs.
 */
export function createLiveTurnControls(turns: ReadonlyMap<string, LiveTurn>) {
  /** The turn running here whose token `token` is, or why not. */
  const controlled = (turnId: string, token: string): LiveTurn | 'unknown-turn' | 'forbidden' => {
    const turn = turns.get(turnId);
    if (!turn) return 'unknown-turn';
    return matchesTurnControlToken(turn.controlToken, token) ? turn : 'forbidden';
  };
  /** Answers what the turn waits for under `callId` in `pending` (its approvals or its outputs) with `value`. */
  const deliver = <Value, Missing extends string>(turnId: string, token: string, callId: string, value: Value, pending: (turn: LiveTurn) => Map<string, (value: Value) => void>, missing: Missing) => {
    const turn = controlled(turnId, token);
    if (typeof turn === 'string') return turn;
    const resolve = pending(turn).get(callId);
    if (!resolve) return missing;
    pending(turn).delete(callId);
    resolve(value);
    return 'delivered' as const;
  };
  return {
    deliverApproval(turnId: string, token: string, callId: string, decision: ApprovalDecision): DeliverOutcome {
      return deliver(turnId, token, callId, decision, (turn) => turn.approvals, 'no-pending-approval');
    },
    deliverOutput(turnId: string, token: string, callId: string, output: string): DeliverOutputOutcome {
      return deliver(turnId, token, callId, output, (turn) => turn.outputs, 'no-pending-output');
    },
    /** An accepted form's content must fit the requested schema: otherwise `invalid` with each issue, and the question stays open. */
    deliverElicitation(turnId: string, token: string, answer: ElicitationAnswerRequest): DeliverElicitationOutcome {
      const turn = controlled(turnId, token);
      if (typeof turn === 'string') return turn;
      const pending = turn.elicitations.get(answer.elicitationId);
      if (!pending) return 'no-pending-elicitation';
      if (answer.action === 'accept') {
        const issues = pending.fields ? checkElicitationContent(pending.fields, answer.content) : answer.content ? [{ path: '', message: 'A link to open takes no content.' }] : [];
        if (issues.length > 0) return { invalid: issues };
      }
      turn.elicitations.delete(answer.elicitationId);
      pending.resolve(answer.action === 'accept' ? { action: 'accept', ...(answer.content ? { content: answer.content } : {}) } : { action: answer.action });
      return 'delivered';
    },
    abort(turnId: string, token: string): AbortOutcome {
      const turn = controlled(turnId, token);
      if (typeof turn === 'string') return turn;
      turn.controller.abort('aborted by the user');
      return 'aborted';
    },
    /**
     * What the holder of `token` may read of a turn running here: a copy of its tape so far, or
     * `unknown-turn` when it does not run in this process (finished, or another instance's).
     */
    accessTape(turnId: string, token: string): TapeAccess {
      const turn = controlled(turnId, token);
      if (typeof turn === 'string') return { kind: turn };
      const mcp = turn.mcp?.();
      return { kind: 'live', tape: [...(turn.tape ?? [])], ...(mcp ? { mcp: { servers: [...mcp.servers], calls: [...mcp.calls], messages: [...mcp.messages] } } : {}) };
    },
    awaitApproval(turnId: string, callId: string, signal: AbortSignal): Promise<ApprovalDecision> {
      return new Promise((resolve) => {
        const turn = turns.get(turnId);
        if (!turn) return resolve({ approved: false, reason: 'The turn is no longer running.' });
        turn.approvals.set(callId, resolve);
        signal.addEventListener('abort', () => turn.approvals.delete(callId), { once: true });
      });
    },
    /** Waits for a person's answer to a server's question; `null` when the signal aborts first or the form cannot be shown. */
    awaitElicitation(turnId: string, request: ElicitationRequest): Promise<ElicitationReply | null> {
      return new Promise((resolve) => {
        const turn = turns.get(turnId);
        if (!turn || request.signal.aborted) return resolve(null);
        const { question } = request;
        const form = question.mode === 'form' ? readElicitationForm(question.requestedSchema) : undefined;
        if (form && !form.ok) return resolve(null);
        turn.elicitations.set(request.elicitationId, { ...(form?.ok ? { fields: form.value } : {}), resolve });
        request.signal.addEventListener(
          'abort',
          () => {
            turn.elicitations.delete(request.elicitationId);
            resolve(null);
          },
          { once: true },
        );
      });
    },
    /** Waits for the output a person types for `callId`; `null` when the signal aborts first. */
    awaitOutput(turnId: string, callId: string, signal: AbortSignal): Promise<string | null> {
      return new Promise((resolve) => {
        const turn = turns.get(turnId);
        if (!turn || signal.aborted) return resolve(null);
        turn.outputs.set(callId, resolve);
        signal.addEventListener(
          'abort',
          () => {
            turn.outputs.delete(callId);
            resolve(null);
          },
          { once: true },
        );
      });
    },
  };
}
