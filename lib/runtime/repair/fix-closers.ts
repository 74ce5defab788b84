import { closeTruncated } from './close-truncated';
import { parseJson } from './parse-json';
import { createRepairError } from './repair-error';
import { applyText, refuse, SKIPPED, type RepairRungDefinition, type RungOutcome } from './repair-rung';
import { scanJson, type JsonScan } from './scan-json';

/** Scans of the rest of the text one repair may spend on weighing readings; each is linear. */
const MAX_SCANS = 24;
/**
 * Containers an insert reading may close before the closer. A matching container further out
 * means a reading the rung cannot weigh in bounds, so it repairs nothing.
 */
const MAX_INSERTED = 32;

const CLOSER_OF: Readonly<Record<string, string>> = { '{': '}', '[': ']' };
const OPENER_OF: Readonly<Record<string, string>> = { '}': '{', ']': '[' };

/** A closer of the wrong kind, and the brackets open when it came (outermost first). */
type Misnest = { text: string; position: number; open: string; edits: number };

/** A way to read the whole text: `text` as the rung outputs it, `closed` the JSON it comes to. */
type Reading = { text: string; closed: string; edits: number };

type Budget = { scans: number };

/**
 * Fixes closers of the wrong kind, `}` where `]` belongs or the reverse: `{"ids": [1, 2}`,
 * `{"a": {"b": 1]}`. At a wrong closer the model either wrote the wrong bracket (replace it)
 * or left out the closers of inner containers (insert them, when the closer matches a
 * container further out). Every reading under which the rest of the text parses is followed,
 * through later wrong closers too; the rung repairs only when all of them give the same
 * value, keeping the one with the fewest edits. Readings that disagree are refused: the
 * brackets alone cannot say which one the model meant. A tail the reading leaves unclosed is
 * left for close-truncated.
 */
export const fixClosers: RepairRungDefinition = {
  rung: 'fix-closers',
  apply: (text) => {
    if (!text.trimStart().startsWith('{')) return SKIPPED;
    const scan = scanJson(text);
    const first = scan.kind === 'invalid' ? asMisnest(text, scan, 0) : undefined;
    if (first === undefined) return SKIPPED;
    const readings = followReadings(first, { scans: MAX_SCANS });
    if (readings === undefined || readings.length === 0) return SKIPPED;
    return chooseReading(text, readings, first);
  },
};

function asMisnest(text: string, scan: Extract<JsonScan, { kind: 'invalid' }>, edits: number): Misnest | undefined {
  const found = text[scan.position] ?? '';
  const top = scan.open[scan.open.length - 1];
  if (top === undefined || OPENER_OF[found] === undefined || OPENER_OF[found] === top) return undefined;
  const closerAllowed =
    scan.expected === 'comma-or-close' || (scan.expected === 'value-or-close' && found === '}') || (scan.expected === 'key-or-close' && found === ']');
  return closerAllowed ? { text, position: scan.position, open: scan.open, edits } : undefined;
}

/** Every reading of the text from this wrong closer on; undefined when they cannot all be weighed in bounds. */
function followReadings(misnest: Misnest, budget: Budget): Reading[] | undefined {
  const readings: Reading[] = [];
  const candidates = candidatesAt(misnest);
  if (candidates === undefined) return undefined;
  for (const candidate of candidates) {
    budget.scans -= 1;
    if (budget.scans < 0) return undefined;
    const scan = scanJson(candidate.text, { position: candidate.resumeAt, open: candidate.open, after: 'value' });
    if (scan.kind === 'complete') {
      readings.push({ text: candidate.text, closed: candidate.text, edits: candidate.edits });
    } else if (scan.kind === 'truncated') {
      budget.scans -= 1;
      const closed = closeTruncated.apply(candidate.text);
      if (closed.kind === 'applied') readings.push({ text: candidate.text, closed: closed.text, edits: candidate.edits + closed.text.length - candidate.text.length });
    } else {
      const next = asMisnest(candidate.text, scan, candidate.edits);
      if (next === undefined) continue;
      const further = followReadings(next, budget);
      if (further === undefined) return undefined;
      readings.push(...further);
    }
  }
  return readings;
}

type Candidate = { text: string; resumeAt: number; open: string; edits: number };

/**
 * Replace the closer with the expected one, or insert the closers of every container it skips;
 * undefined when a matching container lies too far out to weigh.
 */
function candidatesAt({ text, position, open, edits }: Misnest): Candidate[] | undefined {
  const found = text[position] as string;
  const opener = OPENER_OF[found] as string;
  const nearest = Math.max(0, open.length - 1 - MAX_INSERTED);
  if (nearest > 0 && open.lastIndexOf(opener, nearest - 1) !== -1) return undefined;
  const top = open[open.length - 1] as string;
  const before = text.slice(0, position);
  const after = text.slice(position + 1);
  const candidates: Candidate[] = [
    { text: `${before}${CLOSER_OF[top]}${after}`, resumeAt: position + 1, open: open.slice(0, -1), edits: edits + 1 },
  ];
  for (let depth = open.length - 2; depth >= nearest; depth -= 1) {
    if (open[depth] !== opener) continue;
    const skipped = [...open.slice(depth + 1)].reverse().map((bracket) => CLOSER_OF[bracket]).join('');
    candidates.push({
      text: `${before}${skipped}${found}${after}`,
      resumeAt: position + skipped.length + 1,
      open: open.slice(0, depth),
      edits: edits + skipped.length,
    });
  }
  return candidates;
}

function chooseReading(text: string, readings: readonly Reading[], first: Misnest): RungOutcome {
  const values = new Set(readings.map((reading) => canonical(reading.closed)));
  if (values.size > 1) {
    const found = text[first.position] as string;
    const expected = CLOSER_OF[first.open[first.open.length - 1] as string] as string;
    return refuse(
      createRepairError(
        'ambiguous-closer',
        `Arguments close with \`${found}\` at position ${first.position} where \`${expected}\` was expected, and the brackets do not show which one was meant: the readings give different arguments. Close every array with ] and every object with }.`,
      ),
    );
  }
  const best = readings.reduce((kept, reading) => (reading.edits < kept.edits ? reading : kept));
  return applyText(text, best.text);
}

function canonical(json: string): string {
  const parsed = parseJson(json);
  return parsed.ok ? JSON.stringify(parsed.value) : json;
}
