import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countJsonValues, scanJsonText } from '@/lib/runtime';

const LOOSE = { maxValues: 1e9, maxDepth: 1e9 };

describe('scanJsonText', () => {
  it('counts values, not keys, and the deepest nesting', () => {
    expect(scanJsonText('{"a":1,"b":[true,null,"x"],"c":{"d":-1.5e3}}', LOOSE)).toEqual({ ok: true, value: { values: 8, depth: 2 } });
    expect(scanJsonText('  "just a string"  ', LOOSE)).toEqual({ ok: true, value: { values: 1, depth: 0 } });
    expect(scanJsonText('[]', LOOSE)).toEqual({ ok: true, value: { values: 1, depth: 1 } });
  });

  it('reads strings with escaped quotes and backslashes as one value, and brackets inside them as text', () => {
    expect(scanJsonText(String.raw`{"k\"ey":"a \"[{\" b\\","n":"\\"}`, LOOSE)).toEqual({ ok: true, value: { values: 3, depth: 1 } });
  });

  it('agrees with JSON.parse and countJsonValues on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const text = JSON.stringify(value);
        const scanned = scanJsonText(text, LOOSE);
        expect(scanned.ok && scanned.value.values).toBe(countJsonValues(JSON.parse(text), 1e9));
      }),
      { numRuns: 300 },
    );
  });

  it('stops at the first value past the limit, and at the first level past the depth', () => {
    const tiny = `[${'0,'.repeat(2_000_000)}0]`;
    expect(scanJsonText(tiny, { maxValues: 1000, maxDepth: 128 })).toEqual({ ok: false, error: { kind: 'values', limit: 1000 } });
    expect(scanJsonText(`${'['.repeat(129)}${']'.repeat(129)}`, { maxValues: 1e6, maxDepth: 128 })).toEqual({ ok: false, error: { kind: 'depth', limit: 128 } });
  });
});
