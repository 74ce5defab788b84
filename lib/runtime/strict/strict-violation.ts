/**
 * Which documented OpenAI strict-mode rule a schema breaks. Source for every rule:
 * https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas
 */
export type StrictRule =
  /** The root must be `type: "object"`. */
  | 'root-object'
  /** The root must not be a union (`anyOf`, `oneOf`, `allOf`, `enum`, `not`). */
  | 'root-not-union'
  /** A subschema is not a JSON object, or a keyword has the wrong shape. */
  | 'invalid-schema'
  /** A subschema has neither `type` nor `anyOf`/`$ref`/`enum`/`const`. */
  | 'missing-type'
  /** `type` names something other than the JSON Schema primitive types. */
  | 'invalid-type'
  /** An object schema without `properties`. */
  | 'missing-properties'
  /** An array schema without `items`. */
  | 'missing-items'
  /** `additionalProperties: false` is missing on an object. */
  | 'additional-properties'
  /** A property is not listed in `required`. */
  | 'all-required'
  /** A keyword outside the supported subset. */
  | 'unsupported-keyword'
  /** A string `format` outside the supported list. */
  | 'unsupported-format'
  /** `allOf`, `not`, `if`/`then`/`else`, `dependentRequired`, `dependentSchemas`. */
  | 'composition'
  | 'one-of'
  | 'default'
  /** A `pattern` that uses lookaround or backreferences. */
  | 'unsupported-pattern'
  /** A `$ref` that is not a resolvable local reference. */
  | 'invalid-ref'
  | 'max-depth'
  | 'max-properties'
  | 'max-enum-values'
  /** One enum of more than 250 string values exceeds 15,000 characters. */
  | 'enum-string-budget'
  /** Property names, definition names, enum and const values exceed 120,000 characters. */
  | 'string-budget';

/** One broken rule, located by an RFC 6901 JSON pointer ('' is the root). */
export type StrictViolation = { pointer: string; rule: StrictRule; message: string };

/** Whether a schema would be accepted by OpenAI with `strict: true`, and why not. */
export type StrictReport = { ok: boolean; violations: StrictViolation[] };
