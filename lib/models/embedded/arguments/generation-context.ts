import { escapePointerSegment, type JsonValue } from '@/lib/runtime';
import type { CompiledPattern } from './compile-pattern';
import type { ArgumentHints } from './generate-arguments';
import { GENERATOR_LIMITS, type GeneratorLimits } from './generator-limits';
import type { PatternBudget } from './parse-pattern';
import type { ObjectShapeMemo } from './read-object-shape';
import type { Random } from '../seeded-random';

/** Enough to scan the branches of any ordinary schema; past it a branch is assumed to hold a `$ref`. */
const REFERENCE_SCANS = 100_000;

/** A schema node as the generator walks it. */
export type Schema = { [key: string]: JsonValue };

/** The pointer segments down to a value, innermost last; `undefined` is the root. */
export type ValuePath = { parent: ValuePath; segment: string } | undefined;

/** Where the generator stands. */
export type Place = {
  /** Schema steps from the root (each value, `$ref` and `anyOf`/`oneOf` branch adds one). */
  depth: number;
  /** How deeply the value itself is nested: its pointer's length. */
  level: number;
  key: string;
  path: ValuePath;
};

/** Everything one `generateArguments` call shares: the random stream, hints, budgets, clamps. */
export type GenerationContext = {
  random: Random;
  root: Schema;
  hints: ArgumentHints;
  usedHints: number;
  /** How many of the message's places, numbers and ids fields have taken. */
  usedMessage: { places: number; numbers: number; ids: number; emails: number; urls: number; owners: number; names: number };
  /** The fields whose value came from the message (`/city = "Paris"`). */
  taken: string[];
  limits: GeneratorLimits;
  nodes: number;
  references: number;
  /** Characters of the value as JSON so far (commas counted generously). */
  characters: number;
  /** Set once the node or output budget is spent; nothing is generated after. */
  exhausted: boolean;
  patternBudget: PatternBudget;
  patterns: Map<string, CompiledPattern>;
  /** `allOf` schemas already folded, so a schema reached again is not folded again. */
  merged: WeakMap<Schema, Schema>;
  shapes: ObjectShapeMemo;
  /** Values left to scan when looking for `$ref` inside `anyOf` branches. */
  referenceScans: number;
  clamps: { messages: string[]; seen: Set<string>; dropped: number };
};

/** A fresh context: full budgets, no clamps, empty memos. */
export function createGenerationContext(options: { random: Random; root: Schema; hints?: ArgumentHints }): GenerationContext {
  return {
    random: options.random,
    root: options.root,
    hints: options.hints ?? { values: [], text: '' },
    usedHints: 0,
    usedMessage: { places: 0, numbers: 0, ids: 0, emails: 0, urls: 0, owners: 0, names: 0 },
    taken: [],
    limits: GENERATOR_LIMITS,
    nodes: 0,
    references: 0,
    characters: 0,
    exhausted: false,
    patternBudget: { steps: GENERATOR_LIMITS.patternSteps },
    patterns: new Map(),
    merged: new WeakMap(),
    shapes: new WeakMap(),
    referenceScans: REFERENCE_SCANS,
    clamps: { messages: [], seen: new Set(), dropped: 0 },
  };
}

/** The place of a child value under `segment` (a property name or an array index). */
export function enterValue(place: Place, segment: string, key = segment): Place {
  return { depth: place.depth + 1, level: place.level + 1, key, path: { parent: place.path, segment } };
}

/**
 * Records a clamp once. `once` names a per-call limit (nodes, depth, …) that is reported only
 * where it first struck, since it then strikes everywhere.
 */
export function noteClamp(context: GenerationContext, message: string, once?: string): void {
  const identity = once ?? message;
  const { clamps } = context;
  if (clamps.seen.has(identity)) return;
  clamps.seen.add(identity);
  if (clamps.messages.length < context.limits.clampMessages) clamps.messages.push(message);
  else clamps.dropped += 1;
}

/** The clamp messages in the order they happened, with a count of any dropped past the cap. */
export function listClamps(context: GenerationContext): string[] {
  const { messages, dropped } = context.clamps;
  return dropped > 0 ? [...messages, `…and ${dropped} more`] : [...messages];
}

/** Takes `count` characters of the output budget, or marks the call exhausted and says where. */
export function reserveCharacters(context: GenerationContext, place: Place, count: number): boolean {
  if (context.characters + count <= context.limits.outputCharacters) {
    context.characters += count;
    return true;
  }
  context.exhausted = true;
  noteClamp(context, `output limit ${context.limits.outputCharacters} characters reached at ${formatPointer(place.path)}`, 'output');
  return false;
}

const MAX_SEGMENT_LENGTH = 24;

/** A short JSON pointer for messages: long segments are cut, the root is `(root)`. */
export function formatPointer(path: ValuePath): string {
  const segments: string[] = [];
  for (let node = path; node; node = node.parent) {
    const { segment } = node;
    segments.push(segment.length <= MAX_SEGMENT_LENGTH ? escapePointerSegment(segment) : `${escapePointerSegment(segment.slice(0, MAX_SEGMENT_LENGTH - 1))}…`);
  }
  return segments.length === 0 ? '(root)' : `/${segments.reverse().join('/')}`;
}

/** Assignment that treats `__proto__` as an ordinary key, as `JSON.parse` does. */
export function setEntry(target: { [key: string]: JsonValue }, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
