import { isPlainObject } from '../vocabulary/json';

/** Whether an `additionalProperties` value merely lets extra keys through: unset, `true` or `{}`. */
export function allowsExtraKeys(additionalProperties: unknown): boolean {
  return additionalProperties === undefined || additionalProperties === true || (isPlainObject(additionalProperties) && Object.keys(additionalProperties).length === 0);
}
