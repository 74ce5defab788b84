import type { RuntimeEvent } from '@/lib/runtime';
import type { SessionTurn } from '@/lib/sessions';

/**
 * Whether a recorded turn was stopped (Stop, or its caller going away) outside a model request:
 * its last event is a `turn-end` that says `aborted`, and its tape does not end in a request cut
 * off by the stop. A stop inside a model request replays exactly (the tape holds the response as
 * far as it was read); any other stop does not, since nothing recorded says at which moment it
 * came, and running the turn past it would wait on its tools again and ask the tape for what it
 * lacks. Replay does not run such a turn again.
 */
export function isStoppedOffTape(turn: Pick<SessionTurn, 'events' | 'tape'>): boolean {
  const last: RuntimeEvent | undefined = turn.events.at(-1);
  if (last?.type !== 'turn-end' || last.reason !== 'aborted') return false;
  return turn.tape.at(-1)?.cutOff !== true;
}
