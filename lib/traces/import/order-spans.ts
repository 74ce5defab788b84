import { err, ok, type Result } from '@/lib/runtime';
import { TRACE_LIMITS } from './trace-limits';

/** What ordering needs of a span: its id, its parent's, and its start in nanoseconds (`''`: unknown). */
type OrderedSpan = { spanId: string; parentSpanId?: string; start: string };

/**
 * `spans` by start time (document order where a start is missing or equal), after checking their
 * parent ids: a chain that loops, or nests deeper than `TRACE_LIMITS.spanDepth`, is refused with
 * the span it was found at. Linear in the spans: each chain is walked once.
 */
export function orderSpans<T extends OrderedSpan>(spans: readonly T[]): Result<T[], string> {
  const parents = new Map(spans.map((span) => [span.spanId, span.parentSpanId]));
  const depths = new Map<string, number>();
  for (const span of spans) {
    const chain: string[] = [];
    const onChain = new Set<string>();
    let current: string | undefined = span.spanId;
    let depth = 0;
    while (current !== undefined && parents.has(current) && !depths.has(current)) {
      if (onChain.has(current)) return err(`The parent ids of span ${current} loop back to it; a trace's spans must form a tree.`);
      onChain.add(current);
      chain.push(current);
      current = parents.get(current);
    }
    depth = current !== undefined && depths.has(current) ? (depths.get(current) ?? 0) : 0;
    for (const id of chain.reverse()) {
      depth += 1;
      if (depth > TRACE_LIMITS.spanDepth) return err(`Span ${id} is nested more than ${TRACE_LIMITS.spanDepth} spans deep; a trace import reads at most that depth.`);
      depths.set(id, depth);
    }
  }
  return ok(
    spans
      .map((span, index) => ({ span, index }))
      .sort((a, b) => compareStarts(a.span.start, b.span.start) || a.index - b.index)
      .map(({ span }) => span),
  );
}

function compareStarts(a: string, b: string): number {
  if (a === '' || b === '') return 0;
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}
