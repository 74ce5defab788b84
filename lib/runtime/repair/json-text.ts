/** Small lexical facts about JSON-ish text that several rungs read the same way. */

/** JSON's four whitespace characters. */
export function isJsonWhitespace(c: string | undefined): boolean {
  return c === ' ' || c === '\n' || c === '\r' || c === '\t';
}

/** The index just past a `//` line comment or a `/* … *\/` block comment starting at `start` (the end of the text when unterminated). */
export function skipComment(text: string, start: number): number {
  if (text[start + 1] === '/') {
    const newline = text.indexOf('\n', start);
    return newline === -1 ? text.length : newline;
  }
  const close = text.indexOf('*/', start + 2);
  return close === -1 ? text.length : close + 2;
}
