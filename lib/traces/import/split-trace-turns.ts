import { TRACE_LIMITS } from './trace-limits';
import type { TraceMessage, TraceModelCall, TraceNote, TraceRun } from './trace-run';

/** One turn of an imported trace: the messages it starts from (the first turn's whole prompt, a later turn's new user messages) and the model calls it made. */
export type TraceTurn = { messages: TraceMessage[]; modelCalls: TraceModelCall[] };

/**
 * The trace's model calls as the turns of a conversation, one per user message (DESIGN §3): a model
 * call whose recorded input holds user messages the calls before it did not (a second
 * `generateText`, agent run or chat request carrying the first one's messages and a new one)
 * starts a turn from those new messages. A call whose input was not recorded stays in the turn
 * before it. At most `TRACE_LIMITS.turns` turns; the rest are listed in `notes`.
 */
export function splitTraceTurns(run: TraceRun, notes: TraceNote[]): TraceTurn[] {
  const [first, ...rest] = run.modelCalls;
  if (!first) return [];
  const turns: TraceTurn[] = [{ messages: run.messages, modelCalls: [first] }];
  let users = readUserTexts(first.input ?? run.messages);
  for (const call of rest) {
    const seen = call.input && readUserTexts(call.input);
    const current = turns[turns.length - 1]!;
    if (seen === undefined || !startsTurn(users, seen)) {
      current.modelCalls.push(call);
      continue;
    }
    const extended = seen.length > users.length && users.every((text, index) => seen[index] === text);
    if (!extended) {
      notes.push({ where: call.where, reason: "Its input holds a user message the calls before it did not, without all of theirs: it starts a new turn from its last user message, and in the session that turn carries the conversation before it, which the app's call did not." });
    }
    turns.push({ messages: (extended ? seen.slice(users.length) : seen.slice(-1)).map((content) => ({ role: 'user', content })), modelCalls: [call] });
    users = seen;
  }
  if (turns.length > TRACE_LIMITS.turns) {
    const dropped = turns.splice(TRACE_LIMITS.turns);
    notes.push({ where: dropped[0]!.modelCalls[0]!.where, reason: `A session holds at most ${TRACE_LIMITS.turns} turns; this turn and the ${dropped.length - 1} after it are not in the session.` });
  }
  return turns;
}

function readUserTexts(messages: readonly TraceMessage[]): string[] {
  return messages.flatMap((message) => (message.role === 'user' ? [message.content] : []));
}

/** A new user message: more of them than the turn's calls were sent, or another last one (a window that dropped old ones keeps the last). */
function startsTurn(users: readonly string[], seen: readonly string[]): boolean {
  if (seen.length === 0) return false;
  return seen.length > users.length || seen[seen.length - 1] !== users[users.length - 1];
}
