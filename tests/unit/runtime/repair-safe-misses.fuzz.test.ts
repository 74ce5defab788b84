import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isPlainObject,
  type JsonValue,
  MAX_ARGUMENT_LENGTH,
  REPAIR_RUNGS,
  repairArguments,
  type RepairOutcome,
  parseJson,
} from '@/lib/runtime';

const WHITESPACE = fc.array(fc.constantFrom('', ' ', '  ', '\n', '\t', '\r\n', '\n    '), { minLength: 1, maxLength: 40 });
const anyJson = fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' });
const anyObject = fc.dictionary(fc.string({ maxLength: 8, unit: 'binary' }), anyJson, { maxKeys: 6 });

/** Letters, spaces and quotes, none of `, : { } [ ]`: prose in which a stray quote has one reading. */
const PROSE_UNIT = fc.constantFrom('a', 'b', 'Z', 'é', '東', ' ', ' ', '.', '?', '!', '"', "'");
const key = fc.string({ unit: fc.constantFrom('a', 'b', 'k', '_'), minLength: 1, maxLength: 5 });
const prose = fc.string({ unit: PROSE_UNIT, maxLength: 16 });

/** JSON text with `gaps` cycled through as the whitespace between tokens. */
function serializeWithWhitespace(value: unknown, gaps: readonly string[]): string {
  let next = 0;
  const gap = (): string => gaps[next++ % gaps.length] ?? '';
  const write = (item: unknown): string => {
    if (Array.isArray(item)) return `[${gap()}${item.map(write).join(`${gap()},${gap()}`)}${gap()}]`;
    if (item !== null && typeof item === 'object') {
      const members = Object.entries(item).map(([name, member]) => `${JSON.stringify(name)}${gap()}:${gap()}${write(member)}`);
      return `{${gap()}${members.join(`${gap()},${gap()}`)}${gap()}}`;
    }
    return JSON.stringify(item);
  };
  return `${gap()}${write(value)}${gap()}`;
}

/**
 * Sentences with quoted words, apostrophes and commas after quotes, as models write them. A
 * word sits between two quoted phrases (`"a" "b"` could be two strings), and a comma is never
 * last (`"…"He","}` could end after `He` as well).
 */
const WORD = fc.constantFrom('He', 'said', 'the', 'file', 'hi', 'run', 'it', "don't", 'Zoë', '東京', 'café');
const quoted = (after: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.tuple(fc.array(WORD, { minLength: 1, maxLength: 3 }), after).map(([words, mark]) => `"${words.join(' ')}"${mark}`);
const sentence = fc
  .tuple(
    fc.array(fc.oneof(WORD, fc.tuple(quoted(fc.constantFrom('', '.', ',', '!', '?')), WORD).map((pair) => pair.join(' '))), { maxLength: 5 }),
    fc.oneof(WORD, quoted(fc.constantFrom('', '.', '!'))),
  )
  .map(([parts, last]) => [...parts, last].join(' '));

/**
 * The outcome is a refusal, or exactly the value the text was made from; returns whether it
 * was restored, so a property can show it does not pass by refusing everything.
 */
function expectRestoredOrRefused(raw: string, value: unknown): boolean {
  const outcome = repairArguments(raw);
  if (outcome.ok) expect(JSON.stringify(outcome.value)).toBe(JSON.stringify(value));
  return outcome.ok;
}

/** Runs a restored-or-refused property and checks that at least `share` of its texts were restored. */
function assertRestoring<T>(arbitrary: fc.Arbitrary<T>, check: (input: T) => boolean, share: number): void {
  let runs = 0;
  let restored = 0;
  fc.assert(
    fc.property(arbitrary, (input) => {
      const ok = check(input);
      runs += 1;
      if (ok) restored += 1;
    }),
    { numRuns: 500 },
  );
  expect(restored / runs).toBeGreaterThanOrEqual(share);
}

/** Every repaired value is an object that survives a JSON round trip and is what its last step parses to. */
function expectConsistent(raw: string): RepairOutcome {
  const outcome = repairArguments(raw);
  if (!outcome.ok) {
    expect(outcome.error.message.length).toBeGreaterThan(0);
    return outcome;
  }
  expect(isPlainObject(outcome.value)).toBe(true);
  const serialized = JSON.stringify(outcome.value);
  expect(JSON.stringify(JSON.parse(serialized))).toBe(serialized);
  const last = outcome.repairs[outcome.repairs.length - 1]?.after ?? raw;
  expect(JSON.stringify(JSON.parse(last))).toBe(serialized);
  const rungs = outcome.repairs.map((step) => step.rung);
  expect(rungs).toEqual(REPAIR_RUNGS.filter((rung) => rungs.includes(rung)));
  return outcome;
}

/** Positions of the structural characters of a JSON text made by JSON.stringify. */
function structuralPositions(json: string, wanted: string): number[] {
  const positions: number[] = [];
  let inString = false;
  for (let i = 0; i < json.length; i += 1) {
    const c = json[i] as string;
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (wanted.includes(c)) {
      positions.push(i);
    }
  }
  return positions;
}

describe('the ladder on valid JSON (property-based)', () => {
  it('returns any serialized object, with any whitespace, unchanged and with zero repairs', () => {
    fc.assert(
      fc.property(anyObject, WHITESPACE, (value, gaps) => {
        const raw = serializeWithWhitespace(value, gaps);
        expect(repairArguments(raw)).toEqual({ ok: true, value: JSON.parse(raw), repairs: [] });
      }),
      { numRuns: 500 },
    );
  });

  it('refuses any other serialized JSON value without rewriting it', () => {
    fc.assert(
      fc.property(anyJson.filter((value) => !isPlainObject(value as JsonValue) && typeof value !== 'string'), WHITESPACE, (value, gaps) => {
        const outcome = repairArguments(serializeWithWhitespace(value, gaps));
        expect(!outcome.ok && outcome.error.code).toBe('not-an-object');
      }),
      { numRuns: 300 },
    );
  });
});

describe('the safe-miss rungs restore the value or refuse (property-based)', () => {
  it('swapping one closer', () => {
    const swapped = fc.tuple(anyObject, fc.nat());
    assertRestoring(
      swapped,
      ([value, pick]) => {
        const json = JSON.stringify(value);
        const closers = structuralPositions(json, '}]');
        const at = closers[pick % closers.length] as number;
        return expectRestoredOrRefused(`${json.slice(0, at)}${json[at] === '}' ? ']' : '}'}${json.slice(at + 1)}`, value);
      },
      0.9,
    );
  });

  // The whitespace stays: with none, `""false""` reads as well as one string with a quoted word.
  it('dropping commas between members and elements', () => {
    const dropped = fc.tuple(
      anyObject.filter((value) => JSON.stringify(value).includes(',')),
      fc.array(fc.boolean(), { minLength: 1, maxLength: 20 }),
      fc.constantFrom(' ', '\n', '\n  ', ' \t'),
    );
    assertRestoring(
      dropped.filter(([value, drops]) => structuralPositions(JSON.stringify(value), ',').some((_, index) => drops[index % drops.length])),
      ([value, drops, separator]) => {
        const json = JSON.stringify(value);
        const commas = new Set(structuralPositions(json, ',').filter((_, index) => drops[index % drops.length]));
        return expectRestoredOrRefused(json.split('').map((c, index) => (commas.has(index) ? separator : c)).join(''), value);
      },
      0.9,
    );
  });

  it('leaving quotes unescaped in sentences: always restored', () => {
    const sentences = fc.dictionary(key, fc.oneof(sentence, fc.array(sentence, { minLength: 1, maxLength: 3 })), { minKeys: 1, maxKeys: 4 });
    fc.assert(
      fc.property(sentences, (value) => {
        const raw = JSON.stringify(value).replaceAll('\\"', '"');
        fc.pre(raw !== JSON.stringify(value));
        expect(repairArguments(raw)).toMatchObject({ ok: true, value });
      }),
      { numRuns: 500 },
    );
  });

  // A text that parses as it is has another complete reading, and so has one with two quotes
  // apart by whitespace only (`["" ""]`: two strings with a comma dropped); neither is this mistake.
  it('leaving quotes unescaped in any prose', () => {
    const prosy = fc
      .dictionary(key, fc.oneof(prose, fc.array(prose, { maxLength: 3 }), fc.integer()), { minKeys: 1, maxKeys: 4 })
      .filter((value) => {
        const raw = JSON.stringify(value).replaceAll('\\"', '"');
        return !parseJson(raw).ok && !/"\s+"/.test(raw);
      });
    assertRestoring(prosy, (value) => expectRestoredOrRefused(JSON.stringify(value).replaceAll('\\"', '"'), value), 0.03);
  });

  it('writing a Python dict with apostrophes in its values', () => {
    const prosy = fc.dictionary(key, prose, { minKeys: 1, maxKeys: 4 });
    assertRestoring(
      prosy,
      (value) => expectRestoredOrRefused(`{${Object.entries(value).map(([name, text]) => `'${name}': '${text}'`).join(', ')}}`, value),
      0.25,
    );
  });

  it('using typographic quotes as delimiters', () => {
    const pairs = fc.constantFrom(['“', '”'], ['‘', '’'], ['”', '”']);
    const text = fc.string({ unit: fc.constantFrom('a', 'é', ' ', '“', '”', '’', '"', "'", '.'), maxLength: 12 });
    const typographic = fc.dictionary(key, fc.tuple(text, pairs), { minKeys: 1, maxKeys: 4 });
    assertRestoring(
      typographic,
      (entries) => {
        const raw = `{${Object.entries(entries).map(([name, [value, [open, close]]]) => `${open}${name}${close}: ${open}${value}${close}`).join(', ')}}`;
        return expectRestoredOrRefused(raw, Object.fromEntries(Object.entries(entries).map(([name, [value]]) => [name, value])));
      },
      0.1,
    );
  });
});

describe('whatever the ladder repairs is consistent JSON (property-based)', () => {
  const soup = fc.array(
    fc.oneof(
      fc.constantFrom('{', '}', '[', ']', '"', "'", ':', ',', ' ', '\n', '\\', '`', '```', '“', '”', '‘', '’', 'a', '1', 'true', 'True'),
      fc.string({ maxLength: 3 }),
    ),
    { maxLength: 80 },
  );

  it('on structural soup', () => {
    fc.assert(fc.property(soup, (parts) => void expectConsistent(parts.join(''))), { numRuns: 600 });
  });

  it('on objects with a few characters inserted, deleted or swapped', () => {
    const edit = fc.tuple(fc.constantFrom('insert', 'delete', 'swap'), fc.nat(), fc.constantFrom('"', '}', ']', '{', '[', ',', ':', '“', '”', '`', ' ', 'x'));
    fc.assert(
      fc.property(anyObject, fc.array(edit, { minLength: 1, maxLength: 3 }), (value, edits) => {
        let raw = JSON.stringify(value);
        for (const [kind, at, c] of edits) {
          const i = at % (raw.length + 1);
          if (kind === 'insert') raw = raw.slice(0, i) + c + raw.slice(i);
          else if (kind === 'delete') raw = raw.slice(0, i) + raw.slice(i + 1);
          else raw = raw.slice(0, i) + c + raw.slice(i + 1);
        }
        expectConsistent(raw);
      }),
      { numRuns: 600 },
    );
  });
});

describe('the ladder stays bounded (property-based)', () => {
  it('never throws on random strings of a few kilobytes', () => {
    fc.assert(fc.property(fc.string({ maxLength: 4096, unit: 'binary' }), (raw) => void expectConsistent(raw)), { numRuns: 300 });
  });

  it('never throws on long runs of quotes, brackets and letters', () => {
    const run = fc.array(fc.constantFrom('"', '“', '”', "'", '{', '}', '[', ']', ',', ':', 'a', ' '), { maxLength: 3000 });
    fc.assert(fc.property(run, (parts) => void expectConsistent(`{${parts.join('')}`)), { numRuns: 300 });
  });

  it.each<[string, string]>([
    ['many inner quotes', `{"a": "${'say "x" '.repeat(100_000)}"}`],
    ['quotes that never close', `{"a": "${'"b'.repeat(300_000)}`],
    ['typographic quotes that never close', `{“a”: “${'“b'.repeat(300_000)}`],
    ['deep wrong closers', `{"a": ${'['.repeat(5_000)}${'}'.repeat(5_001)}`],
    ['a long list without commas', `{"n": [${'1 '.repeat(300_000)}]}`],
    ['many wrong closers in a row', `{"a": [${'[1}, '.repeat(50_000)}]}`],
    ['a fenced array of fences', `[${'```json {"a": "```"}``` '.repeat(20_000)}]`],
  ])('finishes on %s near the size cap', (_label, raw) => {
    expect(raw.length).toBeLessThanOrEqual(MAX_ARGUMENT_LENGTH);
    expectConsistent(raw);
  });
});
