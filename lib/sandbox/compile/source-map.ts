/** A 1-based position in a source text. */
export type SourcePosition = { line: number; column: number };

/** One mapping segment: generated column → original line and column (all 0-based). */
type Segment = { generatedColumn: number; originalLine: number; originalColumn: number };

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function decodeVlqGroup(group: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of group) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) break;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** Decodes the `mappings` field of a version-3 source map with a single source into per-line segments. */
export function decodeSourceMapMappings(mappings: string): Segment[][] {
  const lines: Segment[][] = [];
  let originalLine = 0;
  let originalColumn = 0;
  for (const lineText of mappings.split(';')) {
    const segments: Segment[] = [];
    let generatedColumn = 0;
    for (const group of lineText.split(',')) {
      if (group === '') continue;
      const fields = decodeVlqGroup(group);
      generatedColumn += fields[0] ?? 0;
      if (fields.length < 4) continue;
      originalLine += fields[2] ?? 0;
      originalColumn += fields[3] ?? 0;
      segments.push({ generatedColumn, originalLine, originalColumn });
    }
    lines.push(segments);
  }
  return lines;
}

/**
 * Builds a function from a 1-based generated position to a 1-based original position: the last
 * segment at or before the column on that line, else the nearest mapped line above.
 */
export function createPositionMapper(mappings: string): (generated: SourcePosition) => SourcePosition {
  const lines = decodeSourceMapMappings(mappings);
  return ({ line, column }) => {
    const segments = lines[line - 1] ?? [];
    let found: Segment | undefined;
    for (const segment of segments) {
      if (segment.generatedColumn > column - 1) break;
      found = segment;
    }
    found ??= segments[0];
    for (let above = line - 2; !found && above >= 0; above -= 1) found = lines[above]?.at(-1);
    return found ? { line: found.originalLine + 1, column: found.originalColumn + 1 } : { line: 1, column: 1 };
  };
}
