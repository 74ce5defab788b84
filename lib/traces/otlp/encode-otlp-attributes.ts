import type { OtlpAnyValue, OtlpKeyValue } from './otlp-json';

/** What an attribute may be given as; `undefined` leaves the attribute out. */
export type AttributeInput = string | number | boolean | readonly string[] | undefined;

/**
 * Attributes in OTLP JSON, in the order given: a string as `stringValue`, an integer as
 * `intValue` (a decimal string), any other number as `doubleValue`, a boolean as `boolValue`, a
 * string list as an `arrayValue` of strings. Undefined values are left out.
 */
export function encodeOtlpAttributes(attributes: Readonly<Record<string, AttributeInput>>): OtlpKeyValue[] {
  const encoded: OtlpKeyValue[] = [];
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined) encoded.push({ key, value: encodeOtlpValue(value) });
  }
  return encoded;
}

export function encodeOtlpValue(value: Exclude<AttributeInput, undefined>): OtlpAnyValue {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (typeof value === 'number') return Number.isSafeInteger(value) ? { intValue: String(value) } : { doubleValue: value };
  return { arrayValue: { values: value.map((item) => ({ stringValue: item })) } };
}
