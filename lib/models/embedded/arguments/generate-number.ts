import type { JsonValue } from '@/lib/runtime';
import { pickInteger, type Random } from '../seeded-random';

/** A number within the schema's bounds (inclusive, exclusive, or the draft-04 boolean flags) and `multipleOf`. */
export function generateNumber(schema: { [key: string]: JsonValue }, integer: boolean, random: Random): number {
  const bound = (inclusive: JsonValue | undefined, exclusive: JsonValue | undefined, legacyFlag: JsonValue | undefined) => {
    if (typeof exclusive === 'number') return { value: exclusive, exclusive: true };
    if (typeof inclusive === 'number') return { value: inclusive, exclusive: legacyFlag === true };
    return undefined;
  };
  const lower = bound(schema.minimum, schema.exclusiveMinimum, schema.exclusiveMinimum);
  const upper = bound(schema.maximum, schema.exclusiveMaximum, schema.exclusiveMaximum);
  let low = lower ? lower.value : upper ? Math.min(0, upper.value - 100) : 0;
  let high = upper ? upper.value : low + 100;
  const multipleOf = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : integer ? 1 : undefined;
  if (multipleOf !== undefined) {
    let first = Math.ceil(low / multipleOf);
    let last = Math.floor(high / multipleOf);
    if (lower?.exclusive && first * multipleOf <= low) first += 1;
    if (upper?.exclusive && last * multipleOf >= high) last -= 1;
    for (let attempt = 0; attempt < 20 && first <= last; attempt += 1) {
      const value = roundLike(pickInteger(random, first, Math.min(last, first + 1_000)) * multipleOf, multipleOf);
      if (Number.isInteger(value / multipleOf) && (!integer || Number.isInteger(value))) return value;
    }
    return roundLike(first * multipleOf, multipleOf);
  }
  if (lower?.exclusive) low += Math.min(0.5, (high - low) / 4);
  if (upper?.exclusive) high -= Math.min(0.5, (high - low) / 4);
  const value = Math.round((low + (high - low) * random()) * 100) / 100;
  return value >= low && value <= high ? value : (low + high) / 2;
}

function roundLike(value: number, step: number): number {
  const decimals = (String(step).split('.')[1] ?? '').length;
  return Number(value.toFixed(Math.min(decimals, 20)));
}
