import type { JsonValue } from '@/lib/runtime';
import { replaceUnsafeCharacters, toUnicodeEscape } from './escape-unsafe-characters';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const INDENT = '  ';
/** Short arrays and objects stay on one line, as a person would write them. */
const INLINE_WIDTH = 72;

/** A JSON value as a TypeScript literal: unquoted keys where legal, two-space indentation. */
export function renderCodeLiteral(value: JsonValue, depth = 0): string {
  const inline = renderInline(value);
  if (inline.length + depth * INDENT.length <= INLINE_WIDTH || !isContainer(value)) return inline;
  const pad = INDENT.repeat(depth + 1);
  const close = INDENT.repeat(depth);
  if (Array.isArray(value)) {
    return `[\n${value.map((item) => `${pad}${renderCodeLiteral(item, depth + 1)},`).join('\n')}\n${close}]`;
  }
  const entries = Object.entries(value as { [key: string]: JsonValue });
  return `{\n${entries.map(([key, item]) => `${pad}${renderKey(key)}: ${renderCodeLiteral(item, depth + 1)},`).join('\n')}\n${close}}`;
}

function renderInline(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(renderInline).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([key, item]) => `${renderKey(key)}: ${renderInline(item)}`).join(', ')} }`;
  }
  return typeof value === 'string' ? renderStringLiteral(value) : JSON.stringify(value);
}

/**
 * An object key: bare when it is an identifier, else quoted. `__proto__` is computed, because
 * written plainly (bare or quoted) it would set the object's prototype instead of a property.
 */
export function renderKey(key: string): string {
  if (key === '__proto__') return `[${renderStringLiteral(key)}]`;
  return IDENTIFIER.test(key) ? key : renderStringLiteral(key);
}

function isContainer(value: JsonValue): boolean {
  return value !== null && typeof value === 'object';
}

/**
 * A string as a single-quoted TypeScript literal that reads back as exactly `text`: backslashes
 * and quotes escaped, and every control, separator, invisible or bidirectional character as an
 * escape, so the literal is one line and shows what it holds.
 */
export function renderStringLiteral(text: string): string {
  return `'${replaceUnsafeCharacters(text.replace(/\\/g, '\\\\').replace(/'/g, "\\'"), toUnicodeEscape)}'`;
}

/** `get-pet.v2` → `getPetV2`, made unique against `taken`; never a reserved word. */
export function createIdentifier(name: string, taken: Set<string>, suffix = ''): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const camel = words.map((word, index) => (index === 0 ? word.charAt(0).toLowerCase() + word.slice(1) : word.charAt(0).toUpperCase() + word.slice(1))).join('');
  let base = `${/^[0-9]/.test(camel) || camel === '' ? `tool${camel}` : camel}${suffix}`;
  if (RESERVED.has(base)) base = `${base}Tool`;
  let candidate = base;
  for (let index = 2; taken.has(candidate); index += 1) candidate = `${base}${index}`;
  taken.add(candidate);
  return candidate;
}

const RESERVED = new Set([
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum', 'export', 'extends',
  'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'null', 'return', 'super', 'switch', 'this',
  'throw', 'true', 'try', 'typeof', 'var', 'void', 'while', 'with', 'yield', 'let', 'static', 'implements', 'interface', 'package',
  'private', 'protected', 'public', 'await', 'tool', 'jsonSchema', 'toolDefinition', 'tools',
]);
