import { applyText, refuse, SKIPPED, type RepairRungDefinition, type RungOutcome } from './repair-rung';
import { scanJson, type TruncationPoint } from './scan-json';

/**
 * Closes the open strings, arrays and objects of arguments whose output was cut off, but only
 * when the cut fell where nothing is missing but closers: after a value, after an opening
 * bracket, after a comma (which is dropped), or inside a string value. A cut inside a key,
 * right after a key or its `:`, or inside a number or literal is refused: completing it would
 * invent the value.
 */
export const closeTruncated: RepairRungDefinition = {
  rung: 'close-truncated',
  apply: (text) => {
    const scan = scanJson(text);
    if (scan.kind !== 'truncated') return SKIPPED;
    return closeAt(text, scan.point, scan.closers);
  },
};

function closeAt(text: string, point: TruncationPoint, closers: string): RungOutcome {
  switch (point.kind) {
    case 'in-value-string':
      return applyText(text, `${text.slice(0, point.keepUntil)}"${closers}`);
    case 'after-open':
    case 'after-value':
      return applyText(text, `${text.trimEnd()}${closers}`);
    case 'after-comma':
      return applyText(text, `${text.slice(0, point.commaPosition).trimEnd()}${closers}`);
    case 'in-number':
      return point.complete ? applyText(text, `${text}${closers}`) : truncatedRefusal('inside a number');
    case 'in-key-string':
      return truncatedRefusal(`inside the property name ${quoteKey(point.partialKey)}`);
    case 'after-key':
      return truncatedRefusal(`right after the property name ${quoteKey(point.key)}, before its value`);
    case 'after-colon':
      return truncatedRefusal(`right after the colon of ${quoteKey(point.key)}, before its value`);
    case 'in-literal':
      return truncatedRefusal(`inside the literal \`${point.partial}\``);
    case 'empty':
      return SKIPPED;
  }
}

function truncatedRefusal(where: string): RungOutcome {
  return refuse({
    code: 'truncated-unrecoverable',
    message: `Arguments are truncated: the JSON ends ${where}, so the value cannot be recovered. Send the complete JSON object again, shorter if needed.`,
  });
}

function quoteKey(key: string): string {
  return JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key);
}
