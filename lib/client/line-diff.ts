/** One line of a line diff: kept in both texts, only in the old one, or only in the new one. */
export type DiffLine = { kind: 'same' | 'removed' | 'added'; text: string };

/**
 * A minimal line diff (longest common subsequence). Schemas are small, so the quadratic table
 * is fine; past `maxCells` it degrades to "all removed, all added" rather than stall the page.
 */
export function diffLines(before: string, after: string, maxCells = 4_000_000): DiffLine[] {
  const oldLines = before === '' ? [] : before.split('\n');
  const newLines = after === '' ? [] : after.split('\n');
  if (oldLines.length * newLines.length > maxCells) {
    return [
      ...oldLines.map((text) => ({ kind: 'removed' as const, text })),
      ...newLines.map((text) => ({ kind: 'added' as const, text })),
    ];
  }
  const columns = newLines.length + 1;
  // common[i * columns + j] = length of the LCS of oldLines[i..] and newLines[j..]
  const common = new Uint32Array((oldLines.length + 1) * columns);
  for (let i = oldLines.length - 1; i >= 0; i -= 1) {
    for (let j = newLines.length - 1; j >= 0; j -= 1) {
      common[i * columns + j] =
        oldLines[i] === newLines[j]
          ? (common[(i + 1) * columns + j + 1] ?? 0) + 1
          : Math.max(common[(i + 1) * columns + j] ?? 0, common[i * columns + j + 1] ?? 0);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < oldLines.length && j < newLines.length) {
    const oldLine = oldLines[i] as string;
    const newLine = newLines[j] as string;
    if (oldLine === newLine) {
      lines.push({ kind: 'same', text: oldLine });
      i += 1;
      j += 1;
    } else if ((common[(i + 1) * columns + j] ?? 0) >= (common[i * columns + j + 1] ?? 0)) {
      lines.push({ kind: 'removed', text: oldLine });
      i += 1;
    } else {
      lines.push({ kind: 'added', text: newLine });
      j += 1;
    }
  }
  for (; i < oldLines.length; i += 1) lines.push({ kind: 'removed', text: oldLines[i] as string });
  for (; j < newLines.length; j += 1) lines.push({ kind: 'added', text: newLines[j] as string });
  return lines;
}
