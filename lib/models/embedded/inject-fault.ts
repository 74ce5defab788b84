import { isPlainObject, type JsonValue } from '@/lib/runtime';
import type { FaultKind } from '@/lib/contract';
import { pickOne, type Random } from './seeded-random';

export const ALL_FAULT_KINDS: readonly FaultKind[] = ['malformed-json', 'invalid-arguments', 'unknown-tool', 'duplicate-call'];

/** A call as the auto model proposes it; faults rewrite it. */
export type ProposedCall = { name: string; namespace?: string; arguments: string };

/** Whether the call at this position gets a fault, and which kind. Pure in (random, rate, kinds). */
export function decideFault(random: Random, rate: number, kinds: readonly FaultKind[]): FaultKind | undefined {
  if (kinds.length === 0 || random() >= rate) return undefined;
  return pickOne(random, kinds);
}

/**
 * Rewrites one valid call into the kind of mistake real models make. The malformed-JSON shapes
 * are those the repair ladder is built for: trailing comma, code fence, single quotes, a cut
 * closing brace, Python literals.
 */
export function injectFault(options: {
  kind: FaultKind;
  call: ProposedCall;
  args: JsonValue;
  required: readonly string[];
  offeredNames: readonly string[];
  random: Random;
}): ProposedCall[] {
  const { call, args } = options;
  switch (options.kind) {
    case 'duplicate-call':
      return [call, { ...call }];
    case 'unknown-tool':
      return [{ ...call, name: misspellName(call.name, options.offeredNames) }];
    case 'invalid-arguments':
      return [{ ...call, arguments: JSON.stringify(breakArguments(args, options.required)) }];
    case 'malformed-json':
      return [{ ...call, arguments: malformJson(args, options.random) }];
  }
}

/** A near miss of a real name: the last two letters swapped (`read_file` → `read_fiel`). */
export function misspellName(name: string, offeredNames: readonly string[]): string {
  let candidate = name.length >= 3 ? `${name.slice(0, -2)}${name.at(-1)}${name.at(-2)}` : `${name}s`;
  if (candidate === name || offeredNames.includes(candidate)) candidate = `${name.slice(0, -1)}x`;
  return candidate;
}

function breakArguments(args: JsonValue, required: readonly string[]): JsonValue {
  if (!isPlainObject(args)) return 'not an object';
  const copy = { ...args };
  const missing = required.find((key) => key in copy);
  if (missing !== undefined && required.length > 1) {
    delete copy[missing];
    return copy;
  }
  const key = required[0] ?? Object.keys(copy)[0];
  if (key === undefined) return [];
  copy[key] = typeof copy[key] === 'number' ? 'not a number' : 12345;
  return copy;
}

function malformJson(args: JsonValue, random: Random): string {
  const json = JSON.stringify(args);
  const shapes: ((text: string) => string | undefined)[] = [
    (text) => (text.endsWith('}') && text !== '{}' ? `${text.slice(0, -1)},}` : undefined),
    (text) => `\`\`\`json\n${text}\n\`\`\``,
    (text) => (/['\\]/.test(text) || !text.includes('"') ? undefined : text.replace(/"/g, "'")),
    (text) => (text.endsWith('}') && text !== '{}' ? text.slice(0, -1) : undefined),
    () => (hasPythonLiteral(args) ? serializePython(args) : undefined),
  ];
  const start = Math.floor(random() * shapes.length);
  for (let offset = 0; offset < shapes.length; offset += 1) {
    const shaped = shapes[(start + offset) % shapes.length]?.(json);
    if (shaped !== undefined) return shaped;
  }
  return `\`\`\`json\n${json}\n\`\`\``;
}

function serializePython(value: JsonValue): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (Array.isArray(value)) return `[${value.map(serializePython).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${serializePython(item)}`).join(', ')}}`;
  }
  return JSON.stringify(value);
}

function hasPythonLiteral(value: JsonValue): boolean {
  if (value === null || typeof value === 'boolean') return true;
  if (Array.isArray(value)) return value.some(hasPythonLiteral);
  if (typeof value === 'object') return Object.values(value).some(hasPythonLiteral);
  return false;
}
