export { describeStrictRefusal } from './describe-strict-refusal';
export { hasUnsafeCharacters, replaceUnsafeCharacters, toUnicodeEscape, renderCommentText } from './escape-unsafe-characters';
export { findReferenceProblems } from './find-recursive-refs';
export type { ReferenceProblem } from './find-recursive-refs';
export { normalizePattern } from './normalize-pattern';
export type { PatternOutcome } from './normalize-pattern';
export { renderCodeLiteral, renderKey, renderStringLiteral, createIdentifier } from './render-code-literal';
export { isValidToolName, cleanToolName, sanitizeToolName, claimToolName, takenIn } from './sanitize-tool-name';
export type { TakenNames } from './sanitize-tool-name';
export { listSchemaNodes, listTypes, copyJson } from './walk-schema';
export type { SchemaNode } from './walk-schema';

