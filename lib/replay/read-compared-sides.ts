import { err, ok, type Result } from '@/lib/runtime';
import type { ComparedSide } from './server/compare-stored-sessions';

/** `a`, `b` and the optional `turnA`, `turnB` (from 1) of a compare request; a bad one is named. */
export function readComparedSides(params: URLSearchParams): Result<{ a: ComparedSide; b: ComparedSide }, string> {
  const a = params.get('a');
  const b = params.get('b');
  if (!a || !b) return err('Name the two sessions to compare: ?a=<id>&b=<id> (and optionally turnA, turnB from 1).');
  const turnA = readTurn(params.get('turnA'), 'turnA');
  if (!turnA.ok) return turnA;
  const turnB = readTurn(params.get('turnB'), 'turnB');
  if (!turnB.ok) return turnB;
  return ok({ a: { id: a, ...(turnA.value === undefined ? {} : { turn: turnA.value }) }, b: { id: b, ...(turnB.value === undefined ? {} : { turn: turnB.value }) } });
}

function readTurn(text: string | null, name: string): Result<number | undefined, string> {
  if (text === null || text === '') return ok(undefined);
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 1000) return err(`${name} is a turn number from 1, not "${text.slice(0, 20)}".`);
  return ok(value - 1);
}
