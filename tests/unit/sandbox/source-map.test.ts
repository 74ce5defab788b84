import { describe, expect, it } from 'vitest';
import { createPositionMapper, decodeSourceMapMappings } from '@/lib/sandbox/compile/source-map';

describe('source map decoding', () => {
  it('decodes VLQ segments with relative fields', () => {
    // Line 1: gen col 0 → (0,0); gen col 4 → (0,2). Line 2 (after ";"): gen col 2 → (1,4).
    expect(decodeSourceMapMappings('AAAA,IAAE;EACE')).toEqual([
      [{ generatedColumn: 0, originalLine: 0, originalColumn: 0 }, { generatedColumn: 4, originalLine: 0, originalColumn: 2 }],
      [{ generatedColumn: 2, originalLine: 1, originalColumn: 4 }],
    ]);
  });

  it('maps a 1-based generated position to the last segment at or before it', () => {
    const map = createPositionMapper('AAAA,IAAE;EACE;;');
    expect(map({ line: 1, column: 6 })).toEqual({ line: 1, column: 3 });
    expect(map({ line: 2, column: 1 })).toEqual({ line: 2, column: 5 });
    expect(map({ line: 4, column: 1 })).toEqual({ line: 2, column: 5 });
  });
});
