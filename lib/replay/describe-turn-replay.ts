import type { RuntimeEvent, JsonValue } from '@/lib/runtime';
import type { EventDifference } from '@/lib/contract';
import { firstLine } from '@/lib/assertions';
import { describeJsonValue } from '@/lib/assertions';
import { formatCount } from '@/lib/assertions';

const SHOWN_DIFFERENCES = 3;

/**
 * One turn's replay in a few sentences: stopped when recorded (so not run again), identical, or its first differences from the recording
 * (event, field, both values) and why the replay went its own way when an event says so (the
 * model request that did not match the tape, the module that did not evaluate).
 */
export function describeTurnReplay(turn: number, differences: readonly EventDifference[], replayed: readonly RuntimeEvent[], stopped = false): string {
  const label = `Turn ${turn + 1}`;
  if (stopped) return `${label} was stopped outside a model request (a tool running, a person's answer awaited); Replay does not run it again, since nothing recorded says at which moment Stop came.`;
  if (differences.length === 0) return `${label} replayed identically (${formatCount(replayed.length, 'event')}).`;
  const shown = differences.slice(0, SHOWN_DIFFERENCES).map((difference) => {
    const recorded = difference.recorded === undefined ? 'nothing' : describeValue(difference.recorded);
    const replayedValue = difference.replayed === undefined ? 'nothing' : describeValue(difference.replayed);
    return `event ${difference.seq} ${difference.field}: recorded ${recorded}, replayed ${replayedValue}`;
  });
  const more = differences.length > shown.length ? `; and ${differences.length - shown.length} more` : '';
  return `${label} replayed differently from the recording (${shown.join('; ')}${more}).${describeCause(replayed)}`;
}

function describeCause(replayed: readonly RuntimeEvent[]): string {
  for (const event of replayed) {
    if (event.type === 'model-error') return ` Its model request ${event.iteration} failed (${event.code}): ${firstLine(event.message)}`;
    if (event.type === 'sandbox-error') return ` Its module did not evaluate (${event.code}): ${firstLine(event.message)}`;
  }
  return '';
}

/** A recorded or replayed field: event fields are JSON. */
function describeValue(value: unknown): string {
  return describeJsonValue(value as JsonValue);
}
