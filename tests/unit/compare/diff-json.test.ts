import { describe, expect, it } from 'vitest';
import { MAX_SHOWN_VALUE_CHARS, formatJsonPath } from '@/lib/compare';
import { diffContent } from '@/lib/compare/diff/diff-content';
import { diffJson, isJsonEqual } from '@/lib/compare/diff/diff-json';
import { diffText } from '@/lib/compare/diff/diff-text';

describe('diffJson', () => {
  it('lists added, removed and changed values by path, in document order', () => {
    expect(diffJson({ city: 'Paris', days: [1, 2, 3], unit: 'c' }, { city: 'Osaka', days: [1, 5], extra: { deep: true } })).toEqual({
      changes: [
        { kind: 'changed', path: ['city'], a: 'Paris', b: 'Osaka' },
        { kind: 'changed', path: ['days', 1], a: 2, b: 5 },
        { kind: 'removed', path: ['days', 2], a: 3 },
        { kind: 'removed', path: ['unit'], a: 'c' },
        { kind: 'added', path: ['extra'], b: { deep: true } },
      ],
      truncated: 0,
    });
  });

  it('ignores key order and reports a change of type once', () => {
    expect(isJsonEqual({ a: 1, b: [true, null] }, { b: [true, null], a: 1 })).toBe(true);
    expect(diffJson({ value: [1] }, { value: { 0: 1 } }).changes).toEqual([{ kind: 'changed', path: ['value'], a: [1], b: { 0: 1 } }]);
    expect(diffJson(undefined, { a: 1 }).changes).toEqual([{ kind: 'added', path: [], b: { a: 1 } }]);
  });

  it('lists up to the limit and counts the rest', () => {
    const a = Array.from({ length: 1_000 }, (_, index) => index);
    const b = a.map((value) => value + 1);
    const diff = diffJson(a, b, { limit: 200 });
    expect(diff.changes).toHaveLength(200);
    expect(diff.truncated).toBe(800);
    expect(diff.changes[199]).toEqual({ kind: 'changed', path: [199], a: 199, b: 200 });
  });
});

describe('diffText and diffContent', () => {
  it('finds the first difference of long texts without cutting them first', () => {
    const a = `${'x'.repeat(10_000)}\nline two says Paris, and more text after it`;
    const b = `${'x'.repeat(10_000)}\nline two says Osaka, and more text after it`;
    expect(diffText(a, b)).toEqual({
      offset: 10_015,
      line: 2,
      column: 15,
      a: { excerpt: '…xxxxxxxxx\nline two says Paris, and more t…', length: a.length },
      b: { excerpt: '…xxxxxxxxx\nline two says Osaka, and more t…', length: b.length },
    });
    expect(diffText(a, a)).toBeUndefined();
  });

  it('diffs JSON texts structurally and anything else as text', () => {
    expect(diffContent('{"a": 1}', '{"a":1}')).toBeUndefined();
    expect(diffContent('{"a":1}', '{"a":2}')).toEqual({ kind: 'json', changes: [{ kind: 'changed', path: ['a'], a: 1, b: 2 }], truncated: 0 });
    expect(diffContent('Wrote 3 lines.', 'Wrote 4 lines.')).toMatchObject({ kind: 'text', offset: 6 });
    expect(diffContent('{"a":1}', 'not json')).toMatchObject({ kind: 'text', offset: 0 });
  });

  it('lists a value too large to show as a description, and a long text cut', () => {
    const large = Array.from({ length: 10_000 }, (_, index) => index);
    const long = 'y'.repeat(MAX_SHOWN_VALUE_CHARS + 1);
    expect(diffJson({ rows: large, note: 'a' }, { note: long })).toEqual({
      changes: [
        { kind: 'removed', path: ['rows'], a: `(a list of 10000 items, ${JSON.stringify(large).length} characters as JSON: too large to show)` },
        { kind: 'changed', path: ['note'], a: 'a', b: `${'y'.repeat(MAX_SHOWN_VALUE_CHARS)}… (${MAX_SHOWN_VALUE_CHARS + 1} characters in all)` },
      ],
      truncated: 0,
    });
  });

  it('formats paths the way people read them', () => {
    expect(formatJsonPath([])).toBe('(root)');
    expect(formatJsonPath(['items', 2, 'name'])).toBe('items[2].name');
    expect(formatJsonPath(['odd key', 0])).toBe('["odd key"][0]');
  });
});
