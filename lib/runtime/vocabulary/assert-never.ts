/** Ends a switch that covers every member of a union: adding a member makes the call a type error. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
