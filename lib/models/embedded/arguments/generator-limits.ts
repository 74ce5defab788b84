/**
 * Caps on what `generateArguments` produces for one schema, whoever wrote it. Past a cap the
 * generator clamps, keeps the value as valid as it can, and says so in its `clamps`.
 */
export const GENERATOR_LIMITS = {
  /** Characters in one generated string; a larger `minLength` is clamped to this. */
  stringLength: 256,
  /** Items in one array; a larger `minItems` is clamped to this. */
  arrayItems: 16,
  /** Properties in one object besides its required ones; `minProperties` is clamped to required + this. */
  extraProperties: 32,
  /** Nesting of the generated value: containers this deep are left empty. */
  depth: 8,
  /** Schema nodes visited per call (every value, `$ref`, `allOf` and `anyOf` step counts one). */
  nodes: 2_000,
  /** `$ref` expansions per call. */
  references: 64,
  /** Repetitions one pattern quantifier may demand (`a{100000}` is clamped to this). */
  patternRepetitions: 64,
  /** Work units for generating from and matching against patterns, per call. */
  patternSteps: 1_000_000,
  /** Characters of the whole value as JSON. */
  outputCharacters: 64 * 1024,
  /** Clamp messages kept; the rest are counted in a last "…and N more". */
  clampMessages: 8,
} as const;

/** The shape of `GENERATOR_LIMITS`, as the generator reads it. */
export type GeneratorLimits = { readonly [Key in keyof typeof GENERATOR_LIMITS]: number };
