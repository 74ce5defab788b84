import { isPlainObject, type JsonValue } from '@/lib/runtime';

/** Values nest at most this deep in a kvlist or array attribute; deeper ones read as null. */
const MAX_VALUE_DEPTH = 32;

/**
 * An OTLP JSON value (`AnyValue`) as plain JSON: strings, booleans and numbers as they are (an
 * `intValue` past 2^53 stays its decimal string), arrays as arrays, key-value lists as objects,
 * anything else `null`. Deeper than `MAX_VALUE_DEPTH` reads as `null` (the document's size is
 * bounded beforehand).
 */
export function decodeOtlpValue(value: unknown, depth = 0): JsonValue {
  if (!isPlainObject(value) || depth > MAX_VALUE_DEPTH) return null;
  if (typeof value.stringValue === 'string') return value.stringValue;
  if (typeof value.boolValue === 'boolean') return value.boolValue;
  if (typeof value.doubleValue === 'number') return value.doubleValue;
  if (typeof value.intValue === 'number') return value.intValue;
  if (typeof value.intValue === 'string') {
    const parsed = Number(value.intValue);
    return Number.isSafeInteger(parsed) ? parsed : value.intValue;
  }
  if (typeof value.bytesValue === 'string') return value.bytesValue;
  const array = isPlainObject(value.arrayValue) ? value.arrayValue.values : undefined;
  if (Array.isArray(array)) return array.map((item) => decodeOtlpValue(item, depth + 1));
  const list = isPlainObject(value.kvlistValue) ? value.kvlistValue.values : undefined;
  if (Array.isArray(list)) return decodeOtlpAttributes(list, depth + 1);
  return null;
}

/** Key-value pairs as one object (a later key wins, as in the SDK); pairs without a string key are skipped. */
export function decodeOtlpAttributes(pairs: unknown, depth = 0): Record<string, JsonValue> {
  const attributes: Record<string, JsonValue> = {};
  if (!Array.isArray(pairs)) return attributes;
  for (const pair of pairs) {
    if (isPlainObject(pair) && typeof pair.key === 'string') attributes[pair.key] = decodeOtlpValue(pair.value, depth);
  }
  return attributes;
}
