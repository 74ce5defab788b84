import { applyText, SKIPPED, type RepairRungDefinition } from './repair-rung';

const FENCE = '```';
const OPENING_LINE = /^```[\w+.-]*[^\S\n]*\n?/;

/**
 * Removes a Markdown code fence around the arguments. A fence that opens the text may be
 * unclosed (the output was cut); a fence inside prose is taken only when it is the one fence.
 */
export const stripCodeFence: RepairRungDefinition = {
  rung: 'strip-code-fence',
  apply: (text) => {
    const trimmed = text.trim();
    if (trimmed.startsWith(FENCE)) {
      const body = trimmed.replace(OPENING_LINE, '');
      const close = body.indexOf(FENCE);
      return applyText(text, (close === -1 ? body : body.slice(0, close)).trim());
    }
    // Text that already starts like JSON keeps any backticks it has: they belong to a value.
    if (/^[{["]/.test(trimmed) || !trimmed.includes(FENCE)) return SKIPPED;
    const blocks = findFencedBlocks(trimmed);
    const only = blocks.length === 1 ? blocks[0] : undefined;
    return only === undefined ? SKIPPED : applyText(text, only.trim());
  },
};

/** Bodies of complete fenced blocks, found by index rather than a backtracking pattern. */
function findFencedBlocks(text: string): string[] {
  const blocks: string[] = [];
  let open = text.indexOf(FENCE);
  while (open !== -1) {
    const opening = OPENING_LINE.exec(text.slice(open, open + 64))?.[0] ?? FENCE;
    const bodyStart = open + opening.length;
    const close = text.indexOf(FENCE, bodyStart);
    if (close === -1) break;
    blocks.push(text.slice(bodyStart, close));
    open = text.indexOf(FENCE, close + FENCE.length);
  }
  return blocks;
}
