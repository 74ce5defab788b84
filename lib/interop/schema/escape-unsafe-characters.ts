/**
 * Characters that never appear raw in code the playground writes for someone to copy or run:
 * C0 controls (tab and line feed included), DEL and C1 controls, the line and paragraph separators
 * (U+2028/U+2029 end a JavaScript comment; a terminal may turn a pasted carriage return into a new
 * command line), bidirectional and invisible formatting characters (which make code read otherwise
 * than it runs), the byte order mark, and lone surrogates (which UTF-8 cannot hold).
 */
const UNSAFE_CHARACTER =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const SHORT_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Whether `text` holds a character that must be escaped before it goes into copied code. */
export function hasUnsafeCharacters(text: string): boolean {
  UNSAFE_CHARACTER.lastIndex = 0;
  return UNSAFE_CHARACTER.test(text);
}

/** `text` with each unsafe character replaced by what `escape` makes of it. */
export function replaceUnsafeCharacters(text: string, escape: (character: string) => string): string {
  return text.replace(UNSAFE_CHARACTER, escape);
}

/** `\n`, `\r`, `\t`, else `\uXXXX`: the escape JavaScript and JSON strings both read back as the character. */
export function toUnicodeEscape(character: string): string {
  return SHORT_ESCAPES[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * Text for inside a comment of any of the languages the playground writes (`//`, `/* … *\/`, `#`):
 * one line whatever it holds, unsafe characters shown as escapes, and no `*\/` to close a block
 * comment early.
 */
export function renderCommentText(text: string): string {
  return replaceUnsafeCharacters(text, toUnicodeEscape).replaceAll('*/', '*\\/');
}
