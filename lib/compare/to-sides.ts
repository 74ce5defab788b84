import type { Sides } from './run-comparison';

/** `{ a, b }` without the sides that are undefined, so a comparison stays plain JSON. */
export function toSides<T>(a: T | undefined, b: T | undefined): Sides<T> {
  return { ...(a === undefined ? {} : { a }), ...(b === undefined ? {} : { b }) };
}
