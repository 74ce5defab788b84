/** What checking one assertion found: whether it held, and why it failed (naming the call or turn) or what held. */
export type AssertionOutcome = { pass: boolean; message: string };

/** The outcome of the assertion at `index` of the list that was checked. */
export type AssertionVerdict = AssertionOutcome & { index: number };

export function passed(message: string): AssertionOutcome {
  return { pass: true, message };
}

export function failed(message: string): AssertionOutcome {
  return { pass: false, message };
}
