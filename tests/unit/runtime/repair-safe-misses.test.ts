import { describe, expect, it } from 'vitest';
import { repairArguments } from '@/lib/runtime';
import { SAFE_MISS_ARGUMENTS, type SafeMissClass } from './fixtures/safe-miss-arguments';

const CLASSES: readonly SafeMissClass[] = ['misnested-closer', 'typographic-quotes', 'unescaped-quote', 'missing-comma', 'fenced-array'];

describe('safe misses: repaired without guessing, or refused', () => {
  it.each(SAFE_MISS_ARGUMENTS.map((fixture) => [`${fixture.class}: ${fixture.name}`, fixture] as const))('%s', (_name, fixture) => {
    const outcome = repairArguments(fixture.raw);
    if (fixture.expected.ok) {
      expect(outcome).toEqual({ ok: true, value: fixture.expected.value, repairs: fixture.expected.repairs });
    } else {
      expect(outcome.ok ? outcome : outcome.error.code).toBe(fixture.expected.code);
    }
  });

  it.each(CLASSES)('has repairs and refused neighbours for %s', (mistake) => {
    const fixtures = SAFE_MISS_ARGUMENTS.filter((fixture) => fixture.class === mistake);
    expect(fixtures.filter((fixture) => fixture.expected.ok).length).toBeGreaterThanOrEqual(3);
    expect(fixtures.filter((fixture) => !fixture.expected.ok).length).toBeGreaterThanOrEqual(2);
  });
});

describe('misnested closers', () => {
  it.each<[string, string, unknown]>([
    ['a brace for a bracket', '{"ids": [1, 2}', { ids: [1, 2] }],
    ['a bracket for a brace', '{"a": {"b": 1]}', { a: { b: 1 } }],
    ['a brace for a bracket before more members', '{"a": [1, 2}, "b": 3}', { a: [1, 2], b: 3 }],
    ['a missing brace inside an array', '{"x": [{"a": 1], "y": 2}', { x: [{ a: 1 }], y: 2 }],
    ['a bracket right after an opening brace', '{"a": {]}', { a: {} }],
    ['a brace right after an opening bracket', '{"a": [}', { a: [] }],
  ])('repairs %s', (_label, raw, value) => {
    const outcome = repairArguments(raw);
    expect(outcome.ok && outcome.value).toEqual(value);
    expect(outcome.ok && outcome.repairs.map((step) => step.rung)).toContain('fix-closers');
  });

  it('leaves a tail it did not close to close-truncated, recording both', () => {
    expect(repairArguments('{"a": {"b": 1]')).toEqual({
      ok: true,
      value: { a: { b: 1 } },
      repairs: [
        { rung: 'fix-closers', before: '{"a": {"b": 1]', after: '{"a": {"b": 1}' },
        { rung: 'close-truncated', before: '{"a": {"b": 1}', after: '{"a": {"b": 1}}' },
      ],
    });
  });

  it('names the closer and what was expected when the readings disagree', () => {
    expect(repairArguments('{"a": {"b": [1}, "c": 2}')).toEqual({
      ok: false,
      error: {
        code: 'ambiguous-closer',
        message:
          'Arguments close with `}` at position 14 where `]` was expected, and the brackets do not show which one was meant: the readings give different arguments. Close every array with ] and every object with }. Send a single JSON object.',
      },
    });
  });

  it('does not cut an object at a misnested brace when extracting it from prose', () => {
    const outcome = repairArguments('{"a": [1, 2}, "b": 3}');
    expect(outcome.ok && outcome.repairs.map((step) => step.rung)).toEqual(['fix-closers']);
  });

  it('repairs nothing when the matching container is too far out to weigh every reading', () => {
    expect(repairArguments(`{"a": ${'['.repeat(5)}1}`)).toMatchObject({ ok: true, value: { a: [[[[[1]]]]] } });
    expect(repairArguments(`{"a": ${'['.repeat(40)}1}`).ok).toBe(false);
  });

  it('gives up rather than search without bound through many wrong closers', () => {
    const raw = `{"a": ${'[{"b": 1}'.repeat(40)}${'}'.repeat(80)}`;
    expect(repairArguments(raw).ok).toBe(false);
  });
});

describe('typographic quotes', () => {
  it.each<[string, string, unknown]>([
    ['double quotes as structure', '{“path”: “a.txt”}', { path: 'a.txt' }],
    ['single quotes as structure', '{‘path’: ‘a.txt’}', { path: 'a.txt' }],
    ['a nested typographic pair inside a value', '{“text”: “He said “hi” to me”}', { text: 'He said “hi” to me' }],
    ['wrongly oriented quotes', '{”path”: ”a.txt”}', { path: 'a.txt' }],
    ['a value only', '{"path": “a.txt”, "mode": "r"}', { path: 'a.txt', mode: 'r' }],
  ])('straightens %s', (_label, raw, value) => {
    const outcome = repairArguments(raw);
    expect(outcome.ok && outcome.value).toEqual(value);
    expect(outcome.ok && outcome.repairs.map((step) => step.rung)).toEqual(['straighten-quotes']);
  });

  it('keeps typographic quotes inside ASCII strings even when it straightens others', () => {
    expect(repairArguments('{"text": "He said “hi”", “n”: 1}')).toEqual({
      ok: true,
      value: { text: 'He said “hi”', n: 1 },
      repairs: [{ rung: 'straighten-quotes', before: '{"text": "He said “hi”", “n”: 1}', after: '{"text": "He said “hi”", "n": 1}' }],
    });
  });

  it('leaves valid JSON with typographic quotes in values untouched', () => {
    expect(repairArguments('{"text": "He said “hi”"}')).toEqual({ ok: true, value: { text: 'He said “hi”' }, repairs: [] });
  });

  it('straightens, then inserts a comma the model also left out', () => {
    const outcome = repairArguments('{“path”: “a.txt” “mode”: “w”}');
    expect(outcome.ok && outcome.value).toEqual({ path: 'a.txt', mode: 'w' });
    expect(outcome.ok && outcome.repairs.map((step) => step.rung)).toEqual(['straighten-quotes', 'insert-missing-commas']);
  });
});

describe('unescaped quotes', () => {
  it('escapes the quotes around a word, as in the issue', () => {
    expect(repairArguments('{"text": "He said "hi" to me", "n": 1}')).toEqual({
      ok: true,
      value: { text: 'He said "hi" to me', n: 1 },
      repairs: [
        {
          rung: 'escape-inner-quotes',
          before: '{"text": "He said "hi" to me", "n": 1}',
          after: '{"text": "He said \\"hi\\" to me", "n": 1}',
        },
      ],
    });
  });

  it.each<[string, string, unknown]>([
    ['a phrase right before the end', '{"cmd": "echo "hello world""}', { cmd: 'echo "hello world"' }],
    ['a phrase right after the start', '{"cmd": ""quoted" first"}', { cmd: '"quoted" first' }],
    ['a comma inside the quoted text', '{"q": "say "hi", then "bye""}', { q: 'say "hi", then "bye"' }],
    ['a key with quotes', '{"my "key"": 1}', { 'my "key"': 1 }],
    ['single-quoted rock ’n’ roll', "{'genre': 'rock 'n' roll'}", { genre: "rock 'n' roll" }],
  ])('escapes %s', (_label, raw, value) => {
    const outcome = repairArguments(raw);
    expect(outcome.ok && outcome.value).toEqual(value);
  });

  it.each([
    ['an odd quote before the end', '{"cmd": "echo "hi"}'],
    ['an inch mark', '{"title": "27" monitor", "n": 1}'],
    ['a cut after an inner quote', '{"text": "He said "hi'],
    ['a possible unquoted key after a missing comma', '{"a": "x "b: 1", "c": 2}'],
    // Found by the property test: not `["", "\",\"", ""]` with a single-quoted middle and two commas dropped.
    ['a single quote right after a string', `{"a":["" '","' ""]}`],
  ])('refuses %s', (_label, raw) => {
    const outcome = repairArguments(raw);
    expect(outcome.ok).toBe(false);
  });

  it('says where the doubt is', () => {
    expect(repairArguments('{"text": "He said "hi", "n": 1}')).toEqual({
      ok: false,
      error: {
        code: 'ambiguous-unescaped-quote',
        message:
          'Arguments have an unescaped quote inside a string at position 21, and where that string ends is ambiguous. Escape quotes inside strings as \\". Send a single JSON object.',
      },
    });
  });

  it('does not let fix-syntax rewrite Python words it only sees because of a stray quote', () => {
    expect(repairArguments('{"text": "He said "True" to me"}').ok).toBe(false);
  });
});

describe('missing commas', () => {
  it.each<[string, string, string, unknown]>([
    ['between members', '{"a": 1 "b": 2}', '{"a": 1, "b": 2}', { a: 1, b: 2 }],
    ['between numbers', '{"a": [1 2 3]}', '{"a": [1, 2, 3]}', { a: [1, 2, 3] }],
    ['at a line break', '{"a": "x"\n"b": "y"}', '{"a": "x",\n"b": "y"}', { a: 'x', b: 'y' }],
    ['after a nested object', '{"a": {"x": 1} "b": [true false null]}', '{"a": {"x": 1}, "b": [true, false, null]}', { a: { x: 1 }, b: [true, false, null] }],
    ['with no whitespace at all', '{"a":1"b":-2}', '{"a":1,"b":-2}', { a: 1, b: -2 }],
  ])('inserts one %s', (_label, before, after, value) => {
    expect(repairArguments(before)).toEqual({ ok: true, value, repairs: [{ rung: 'insert-missing-commas', before, after }] });
  });

  it('inserts commas into a long list in one linear pass', () => {
    const raw = `{"n": [${Array.from({ length: 50_000 }, (_, index) => index).join(' ')}]}`;
    const outcome = repairArguments(raw);
    expect(outcome.ok && Array.isArray((outcome.value as { n: unknown }).n) && (outcome.value as { n: number[] }).n.length).toBe(50_000);
  });
});

describe('fenced arrays', () => {
  it('keeps a fenced array inside a fence for the later rungs', () => {
    const outcome = repairArguments('```json\n[```json\n{"a": 1}\n```]\n```');
    expect(outcome.ok && outcome.value).toEqual({ a: 1 });
    expect(outcome.ok && outcome.repairs.map((step) => step.rung)).toEqual(['strip-code-fence', 'unwrap-fenced-array']);
  });
});
