import type { RepairRung } from '../vocabulary/issues';
import type { RepairError } from './repair-error';

/** What one rung did to the current argument text. */
export type RungOutcome =
  | { kind: 'skipped' }
  | { kind: 'applied'; text: string }
  | { kind: 'refused'; error: RepairError };

/** One named step of the ladder: a pure text → text rewrite that may decline or refuse. */
export type RepairRungDefinition = {
  rung: RepairRung;
  apply: (text: string) => RungOutcome;
};

export const SKIPPED: RungOutcome = { kind: 'skipped' };

export function applyText(before: string, after: string): RungOutcome {
  return after === before ? SKIPPED : { kind: 'applied', text: after };
}

export function refuse(error: RepairError): RungOutcome {
  return { kind: 'refused', error };
}
