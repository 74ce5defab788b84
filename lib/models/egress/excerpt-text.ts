/**
 * `text` shortened to at most `maxLength` characters, the cut marked with "…". Never splits a
 * surrogate pair, and an excerpt of an excerpt is the same excerpt.
 */
export function excerptText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let end = maxLength - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}
