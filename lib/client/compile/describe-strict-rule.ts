import type { StrictRule } from '@/lib/runtime';

/** Each strict rule in plain words, for the schema panel (OpenAI's own message is shown beside it). */
const RULE_TEXT: Record<StrictRule, string> = {
  'root-object': 'the root must be an object schema',
  'root-not-union': 'the root must not be a union',
  'invalid-schema': 'this part is not a valid schema',
  'missing-type': 'every schema needs a type',
  'invalid-type': 'unknown type name',
  'missing-properties': 'an object needs its properties listed',
  'missing-items': 'an array needs items',
  'additional-properties': 'objects must set additionalProperties: false',
  'all-required': 'every property must be required (optional ones become nullable)',
  'unsupported-keyword': 'keyword not supported in strict mode',
  'unsupported-format': 'string format not supported in strict mode',
  composition: 'allOf / not / if-then-else are not supported',
  'one-of': 'oneOf is not supported (anyOf is)',
  default: 'default values are not supported',
  'unsupported-pattern': 'regex lookaround and backreferences are not supported',
  'invalid-ref': '$ref must point inside the schema',
  'max-depth': 'more than 10 levels of nesting',
  'max-properties': 'more than 5,000 properties',
  'max-enum-values': 'more than 1,000 enum values',
  'enum-string-budget': 'a long enum exceeds 15,000 characters',
  'string-budget': 'names and enum values exceed 120,000 characters',
};

export function describeStrictRule(rule: StrictRule): string {
  return RULE_TEXT[rule];
}
