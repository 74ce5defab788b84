import { createRepairError } from './repair-error';
import { FENCE, FENCE_OPENING_LINE, findFenceOutsideStrings, findFencesOutsideStrings } from './find-fences-outside-strings';
import { applyText, refuse, SKIPPED, type RepairRungDefinition, type RungOutcome } from './repair-rung';

/**
 * Removes a Markdown code fence around the arguments. Only the outermost fence is removed:
 * fences inside string values (code the model is passing along) are content and never cut.
 * A fence that opens the text may be unclosed (the output was cut); a fence inside prose is
 * taken only when it is the one fence.
 */
export const stripCodeFence: RepairRungDefinition = {
  rung: 'strip-code-fence',
  apply: (text) => {
    const trimmed = text.trim();
    if (trimmed.startsWith(FENCE)) return stripOuterFence(text, trimmed.replace(FENCE_OPENING_LINE, ''));
    // Text that already starts like JSON keeps any backticks it has: they belong to a value.
    if (/^[{["]/.test(trimmed) || !trimmed.includes(FENCE)) return SKIPPED;
    const blocks = findFencedBlocks(trimmed);
    const only = blocks.length === 1 ? blocks[0] : undefined;
    return only === undefined ? SKIPPED : applyText(text, only.trim());
  },
};

/**
 * The closing fence is the last fence outside a string value. When every fence after the
 * opening line lies inside a string, the outer fence was never closed, unless the text ends
 * on one of them: then it may close either the outer fence or a code block in a cut-off
 * value, and choosing would be a guess.
 */
function stripOuterFence(text: string, body: string): RungOutcome {
  if (!body.includes(FENCE)) return applyText(text, body.trim());
  const outside = findFencesOutsideStrings(body);
  const close = outside[outside.length - 1];
  if (close !== undefined) return applyText(text, body.slice(0, close).trim());
  if (!body.trimEnd().endsWith(FENCE)) return applyText(text, body.trim());
  return refuse(
    createRepairError(
      'ambiguous-code-fence',
      'Arguments are wrapped in a Markdown code fence and end inside a string value that holds another fence, so it is unclear where the arguments end. Send the JSON without a code fence around it.',
    ),
  );
}

/**
 * Bodies of complete fenced blocks, found by index rather than a backtracking pattern. A block
 * whose body starts like JSON closes at the first fence outside its strings.
 */
function findFencedBlocks(text: string): string[] {
  const blocks: string[] = [];
  let open = text.indexOf(FENCE);
  while (open !== -1) {
    const opening = FENCE_OPENING_LINE.exec(text.slice(open, open + 64))?.[0] ?? FENCE;
    const bodyStart = open + opening.length;
    const firstVisible = text.slice(bodyStart, bodyStart + 64).search(/\S/);
    const startsLikeJson = firstVisible !== -1 && /[{["]/.test(text.charAt(bodyStart + firstVisible));
    const close = findFenceOutsideStrings(text, bodyStart, startsLikeJson ? bodyStart : text.length);
    if (close === -1) break;
    blocks.push(text.slice(bodyStart, close));
    open = text.indexOf(FENCE, close + FENCE.length);
  }
  return blocks;
}
