import { createRepairError } from './repair-error';
import { FENCE, FENCE_OPENING_LINE, findFencesOutsideStrings } from './find-fences-outside-strings';
import { applyText, refuse, SKIPPED, type RepairRungDefinition } from './repair-rung';

/**
 * Unwraps one fenced JSON value that a model put inside array brackets, as in
 * `[```json\n{"a": 1}\n```]`: a list of one code block, where the block is the arguments.
 * The brackets must hold exactly that block; fences inside the block's string values are
 * content, never its end. Two or more blocks are refused, since picking one would be a guess.
 * A bracketed text that is valid JSON (`["```json…```"]`) never reaches this rung.
 */
export const unwrapFencedArray: RepairRungDefinition = {
  rung: 'unwrap-fenced-array',
  apply: (text) => {
    const trimmed = text.trim();
    if (!trimmed.startsWith('[') || !trimmed.endsWith(']')) return SKIPPED;
    const inner = trimmed.slice(1, -1).trim();
    if (!inner.startsWith(FENCE)) return SKIPPED;
    const body = inner.replace(FENCE_OPENING_LINE, '');
    const fences = findFencesOutsideStrings(body);
    const [close] = fences;
    if (close === undefined) return SKIPPED;
    if (fences.length > 1) {
      return refuse(
        createRepairError(
          'ambiguous-multiple-objects',
          `Arguments are a list of ${Math.ceil((fences.length + 1) / 2)} fenced blocks where one JSON object was expected; make one tool call per object.`,
        ),
      );
    }
    if (body.slice(close + FENCE.length).trim() !== '') return SKIPPED;
    return applyText(text, body.slice(0, close).trim());
  },
};
