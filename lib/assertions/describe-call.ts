import { assertNever } from '@/lib/runtime';
import type { CallRefusal, TurnCall } from './summarize-turn-events';

const MAX_LISTED = 5;
const MAX_REASON_CHARS = 200;

/** `get_weather call_5e35… in turn 1`: the call as a failure message names it. */
export function describeCall(call: TurnCall): string {
  return `${call.name} call ${call.callId} in turn ${call.turn + 1}`;
}

/** Up to five calls by id and turn, then how many more. */
export function listCalls(calls: readonly TurnCall[]): string {
  const shown = calls.slice(0, MAX_LISTED).map((call) => `${call.callId} (turn ${call.turn + 1})`);
  return calls.length > MAX_LISTED ? `${shown.join(', ')} and ${calls.length - MAX_LISTED} more` : shown.join(', ');
}

/** The names of the calls in order, repeats folded: `read_file ×3, write_file, read_file`. */
export function listCallNames(calls: readonly TurnCall[]): string {
  if (calls.length === 0) return 'no tool was called';
  const runs: { name: string; count: number }[] = [];
  for (const call of calls) {
    const last = runs.at(-1);
    if (last && last.name === call.name) last.count += 1;
    else runs.push({ name: call.name, count: 1 });
  }
  const shown = runs.slice(0, 4 * MAX_LISTED).map((run) => (run.count > 1 ? `${run.name} ×${run.count}` : run.name));
  return `the calls were ${shown.join(', ')}${runs.length > shown.length ? ', …' : ''}`;
}

/** Why a call did not run, in a few words: `unparseable-arguments: …`, `denied by a person: …`. */
export function describeRefusal(refusal: CallRefusal): string {
  if (refusal.kind === 'rejected') return `rejected (${refusal.code ?? 'no input error recorded'}): ${firstLine(refusal.message)}`;
  switch (refusal.by) {
    case 'permission':
      return `denied by the permission gate: ${firstLine(refusal.reason)}`;
    case 'human':
      return `denied by a person: ${firstLine(refusal.reason)}`;
    case 'timeout':
      return 'denied: nobody answered its approval in time';
    case 'abort':
      return 'denied: the turn was aborted while it waited for approval';
    default:
      return assertNever(refusal.by);
  }
}

/** A message's first line, cut to 200 characters. */
export function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length <= MAX_REASON_CHARS ? line : `${line.slice(0, MAX_REASON_CHARS - 1)}…`;
}
