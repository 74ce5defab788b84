import { err, ok, type Result } from '@/lib/runtime';

/** A significant piece of a TypeScript module: what is left once whitespace and comments are skipped. */
export type SourceToken = {
  kind: 'identifier' | 'string' | 'template' | 'regex' | 'number' | 'punctuator';
  /** The source text of the token; a template token is one chunk between its `${…}` holes. */
  text: string;
  start: number;
  end: number;
  /** How many brackets (`(`, `[`, `{`, `${`) enclose the token: 0 at the module's top level. */
  depth: number;
};

/** Where a module stops being scannable: an unterminated literal or comment, or unbalanced brackets. */
export type ScanError = { line: number; message: string };

const WHITESPACE = /\s+/y;
const IDENTIFIER = /(?:[\p{ID_Start}$_]|\\u[\da-fA-F{])(?:[\p{ID_Continue}$\u200c\u200d]|\\u(?:[\da-fA-F]{4}|\{[\da-fA-F]+\}))*/uy;
const NUMBER = /(?:0[xXoObB][\da-fA-F_]+|\d[\d_]*(?:\.[\d_]*)?(?:[eE][+-]?\d+)?|\.\d[\d_]*(?:[eE][+-]?\d+)?)n?/y;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
/** After these words a `/` starts a regular expression, not a division. */
const KEYWORDS_BEFORE_EXPRESSION = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'default', 'do', 'else', 'yield', 'await']);

/**
 * The tokens of a module, enough to find its top-level `import` and `export` statements without
 * being fooled by strings, template literals, regular expressions or comments that mention them.
 * Not a parser: punctuators are single characters except `...`, and a `/` is read as a regular
 * expression where an expression may start (the usual heuristic).
 */
export function scanModuleSource(source: string): Result<SourceToken[], ScanError> {
  const tokens: SourceToken[] = [];
  const brackets: string[] = [];
  const fail = (at: number, message: string) => err<ScanError>({ line: source.slice(0, at).split('\n').length, message });
  let index = source.startsWith('#!') ? source.indexOf('\n') + 1 || source.length : 0;
  const push = (kind: SourceToken['kind'], start: number, end: number) => {
    tokens.push({ kind, text: source.slice(start, end), start, end, depth: brackets.length });
    index = end;
  };
  /** Scans template text from `start` (just after a backtick or a hole's `}`) to its end or next hole. */
  const scanTemplateChunk = (start: number): number | undefined => {
    for (let at = start; at < source.length; at += 1) {
      const char = source[at];
      if (char === '\\') at += 1;
      else if (char === '`') return at + 1;
      else if (char === '$' && source[at + 1] === '{') return at + 2;
    }
    return undefined;
  };
  while (index < source.length) {
    const char = source[index] ?? '';
    const next = source[index + 1];
    WHITESPACE.lastIndex = index;
    IDENTIFIER.lastIndex = index;
    if (WHITESPACE.test(source)) {
      index = WHITESPACE.lastIndex;
    } else if (char === '/' && next === '/') {
      const end = source.indexOf('\n', index);
      index = end < 0 ? source.length : end;
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', index + 2);
      if (end < 0) return fail(index, 'a block comment is not closed');
      index = end + 2;
    } else if (char === '"' || char === "'") {
      const end = findQuoteEnd(source, index);
      if (end === undefined) return fail(index, 'a string is not closed');
      push('string', index, end);
    } else if (char === '`' || (char === '}' && brackets.at(-1) === '${')) {
      if (char === '}') brackets.pop();
      const end = scanTemplateChunk(index + 1);
      if (end === undefined) return fail(index, 'a template literal is not closed');
      push('template', index, end);
      if (source.slice(end - 2, end) === '${') brackets.push('${');
    } else if (char === '/' && startsExpression(tokens.at(-1))) {
      const end = findRegexEnd(source, index);
      if (end === undefined) return fail(index, 'a regular expression is not closed');
      push('regex', index, end);
    } else if (IDENTIFIER.test(source)) {
      push('identifier', index, IDENTIFIER.lastIndex);
    } else if (/\d/.test(char) || (char === '.' && /\d/.test(next ?? ''))) {
      NUMBER.lastIndex = index;
      NUMBER.test(source);
      push('number', index, Math.max(NUMBER.lastIndex, index + 1));
    } else if (source.startsWith('...', index)) {
      push('punctuator', index, index + 3);
    } else {
      // A bracket has the depth of what encloses it, so a statement's brackets sit at the statement's depth.
      const opener = CLOSERS[char];
      if (opener !== undefined && brackets.pop() !== opener) return fail(index, `an unmatched "${char}"`);
      push('punctuator', index, index + 1);
      if (char === '(' || char === '[' || char === '{') brackets.push(char);
    }
  }
  if (brackets.length > 0) return fail(source.length, `an unclosed "${brackets.at(-1)}"`);
  return ok(tokens);
}

/** The value of a string token (its escapes decoded the common way). */
export function readStringToken(token: SourceToken): string {
  return token.text.slice(1, -1).replace(/\\(u\{[\da-fA-F]+\}|u[\da-fA-F]{4}|x[\da-fA-F]{2}|[\s\S])/g, (_, escape: string) => {
    if (escape.startsWith('u{')) return String.fromCodePoint(parseInt(escape.slice(2, -1), 16));
    if (/^[ux][\da-fA-F]/.test(escape)) return String.fromCharCode(parseInt(escape.slice(1), 16));
    return ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0' } as Record<string, string>)[escape] ?? escape;
  });
}

function startsExpression(previous: SourceToken | undefined): boolean {
  if (!previous) return true;
  if (previous.kind === 'identifier') return KEYWORDS_BEFORE_EXPRESSION.has(previous.text);
  if (previous.kind === 'punctuator') return previous.text !== ')' && previous.text !== ']' && previous.text !== '}';
  return previous.kind === 'template' && previous.text.endsWith('${');
}

function findQuoteEnd(source: string, start: number): number | undefined {
  const quote = source[start];
  for (let at = start + 1; at < source.length; at += 1) {
    const char = source[at];
    if (char === '\\') at += 1;
    else if (char === quote) return at + 1;
    else if (char === '\n') return undefined;
  }
  return undefined;
}

function findRegexEnd(source: string, start: number): number | undefined {
  let inClass = false;
  for (let at = start + 1; at < source.length; at += 1) {
    const char = source[at];
    if (char === '\\') at += 1;
    else if (char === '\n') return undefined;
    else if (char === '[') inClass = true;
    else if (char === ']') inClass = false;
    else if (char === '/' && !inClass) {
      let end = at + 1;
      while (end < source.length && /[a-z]/i.test(source[end] ?? '')) end += 1;
      return end;
    }
  }
  return undefined;
}
