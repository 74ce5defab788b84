import type { JsonValue } from '@/lib/runtime';
import type { TurnCall } from './summarize-turn-events';

/** A call's arguments as validated (repaired when they needed it), else as sent when they are JSON; `undefined` when they are not. */
export function readCallArguments(call: Pick<TurnCall, 'input' | 'rawArguments'>): JsonValue | undefined {
  if (call.input !== undefined) return call.input;
  try {
    return JSON.parse(call.rawArguments) as JsonValue;
  } catch (error) {
    // Unparseable arguments match nothing; callers say so.
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}
