import { describe, expect, it } from 'vitest';
import { diffLines } from '@/lib/client/line-diff';

describe('diffLines', () => {
  it('marks identical texts as all same', () => {
    expect(diffLines('a\nb', 'a\nb')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'same', text: 'b' },
    ]);
  });

  it('finds inserted and removed lines around common ones', () => {
    const before = JSON.stringify({ type: 'object', properties: { a: { type: 'string' } } }, null, 2);
    const after = JSON.stringify(
      { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false },
      null,
      2,
    );
    const diff = diffLines(before, after);
    expect(diff.filter((line) => line.kind === 'removed').map((line) => line.text)).toEqual(['  }']);
    expect(diff.filter((line) => line.kind === 'added').map((line) => line.text)).toEqual([
      '  },',
      '  "required": [',
      '    "a"',
      '  ],',
      '  "additionalProperties": false',
    ]);
  });

  it('reconstructs both texts from its output', () => {
    const before = 'x\ny\nz\nw';
    const after = 'y\nq\nz\nw\nv';
    const diff = diffLines(before, after);
    expect(diff.filter((line) => line.kind !== 'added').map((line) => line.text).join('\n')).toBe(before);
    expect(diff.filter((line) => line.kind !== 'removed').map((line) => line.text).join('\n')).toBe(after);
    expect(diff.filter((line) => line.kind === 'same')).toHaveLength(3);
  });

  it('handles empty texts', () => {
    expect(diffLines('', '')).toEqual([]);
    expect(diffLines('', 'a')).toEqual([{ kind: 'added', text: 'a' }]);
    expect(diffLines('a', '')).toEqual([{ kind: 'removed', text: 'a' }]);
  });

  it('falls back to remove-all/add-all past the size budget', () => {
    expect(diffLines('a\nb', 'a\nc', 3)).toEqual([
      { kind: 'removed', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'a' },
      { kind: 'added', text: 'c' },
    ]);
  });
});
