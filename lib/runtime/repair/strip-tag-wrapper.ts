import { applyText, SKIPPED, type RepairRungDefinition } from './repair-rung';

const LEADING_TAGS = [
  /^<\|[^|<>\s]{1,40}\|>/, // <|python_tag|>, <|tool_call_start|>
  /^<[A-Za-z_][\w.:-]{0,40}(?:[\s=][^<>]{0,200})?>/, // <tool_call>, <function=name>, <arguments>
  /^\[\/?[A-Z][A-Z_]{1,30}\]/, // [TOOL_CALLS], [ARGS]
];
const TRAILING_TAGS = [/<\|[^|<>\s]{1,40}\|>$/, /<\/[A-Za-z_][\w.:-]{0,40}>$/, /\[\/[A-Z][A-Z_]{1,30}\]$/];
const MAX_TAGS_PER_SIDE = 8;

/**
 * Removes chat-template markup a model leaked around its arguments, such as
 * `<tool_call>…</tool_call>` or a leading `<|python_tag|>`. Closing tags are removed only when
 * what they follow ends like JSON, so a cut-off string value ending in `</b>` keeps its tag.
 */
export const stripTagWrapper: RepairRungDefinition = {
  rung: 'strip-tag-wrapper',
  apply: (text) => {
    let body = text.trim();
    for (let count = 0; count < MAX_TAGS_PER_SIDE; count += 1) {
      const match = LEADING_TAGS.map((pattern) => pattern.exec(body)).find((found) => found !== null);
      if (!match) break;
      body = body.slice(match[0].length).trimStart();
    }
    let end = body;
    for (let count = 0; count < MAX_TAGS_PER_SIDE; count += 1) {
      const match = TRAILING_TAGS.map((pattern) => pattern.exec(end)).find((found) => found !== null);
      if (!match) break;
      end = end.slice(0, end.length - match[0].length).trimEnd();
    }
    if (end !== body && /[}\]]$/.test(end)) body = end;
    return body === text.trim() ? SKIPPED : applyText(text, body);
  },
};
