import type { CallState, IterationState, ToolOutputStatus, ExecutionMode } from '@/lib/runtime';

/** A horizontal extent in both turn time (ms) and chart fraction ([0, 1] of the chart width). */
export type LaneSpan = { startAt: number; endAt: number; left: number; width: number };

/** One call's row; `bar` is null for a call that never started (rejected, denied, still queued). */
export type LaneRow = {
  callId: string;
  name: string;
  /** Position in the model's order, which is also the row index. */
  row: number;
  batch?: number;
  mode?: ExecutionMode;
  status?: ToolOutputStatus;
  bar: (LaneSpan & { running: boolean }) | null;
};

/** The time a dispatch batch was active, shaded behind its calls. */
export type LaneBand = LaneSpan & { batch: number; mode: ExecutionMode; callIds: string[] };

/** A sequential call's start: everything after it waited for it. */
export type LaneBarrier = { callId: string; at: number; left: number };

/**
 * A stretch in which no call ran (the turn waited for an approval, a typed output, or a barrier)
 * that was longer than all the calls' work together: drawn at a fixed small width, so the bars
 * around it stay readable. The axis is broken there.
 */
export type LaneGap = LaneSpan;

export type LaneLayout = {
  /** Turn time at the chart's left edge. */
  origin: number;
  /** Milliseconds across the chart (real time, gaps included); at least 1. */
  span: number;
  rows: LaneRow[];
  bands: LaneBand[];
  barriers: LaneBarrier[];
  gaps: LaneGap[];
};

/** Idle stretches shorter than this are drawn to scale: a short wait is part of the picture. */
const GAP_MIN_MS = 200;
/** A shortened gap takes this share of the calls’ own time on the axis (wide enough for its label). */
const GAP_SHARE = 0.25;

export type LaneLayoutOptions = {
  iteration: Pick<IterationState, 'callIds' | 'plan'>;
  calls: Record<string, CallState>;
  /** Turn time to draw running calls up to. */
  now: number;
};

/** Lays out an iteration's calls as a Gantt chart, from their start times and durations. */
export function computeLaneLayout({ iteration, calls, now }: LaneLayoutOptions): LaneLayout {
  const plan = iteration.plan ?? [];
  const batchOf = new Map<string, number>();
  plan.forEach((batch, index) => batch.callIds.forEach((id) => batchOf.set(id, index)));

  const extents = new Map<string, { startAt: number; endAt: number; running: boolean }>();
  for (const callId of iteration.callIds) {
    const call = calls[callId];
    if (call?.startedAt === undefined) continue;
    const { startedAt, output } = call;
    const endAt = output ? startedAt + output.durationMs : Math.max(now, startedAt);
    extents.set(callId, { startAt: startedAt, endAt, running: output === undefined });
  }

  const all = [...extents.values()];
  const origin = all.length === 0 ? 0 : Math.min(...all.map((e) => e.startAt));
  const end = all.length === 0 ? origin : Math.max(...all.map((e) => e.endAt));
  const span = Math.max(end - origin, 1);
  const axis = createBrokenAxis(all, origin, span);
  const place = (startAt: number, endAt: number): LaneSpan => ({ startAt, endAt, ...axis.measure(startAt, endAt) });

  const rows = iteration.callIds.map((callId, row): LaneRow => {
    const call = calls[callId];
    const batch = call?.batch ?? batchOf.get(callId);
    const extent = extents.get(callId);
    return {
      callId,
      name: call?.name ?? callId,
      row,
      batch,
      mode: batch === undefined ? undefined : plan[batch]?.mode,
      status: call?.output?.status,
      bar: extent ? { ...place(extent.startAt, extent.endAt), running: extent.running } : null,
    };
  });

  const bands: LaneBand[] = [];
  const barriers: LaneBarrier[] = [];
  plan.forEach((batch, index) => {
    const started = batch.callIds.flatMap((id) => {
      const extent = extents.get(id);
      return extent ? [{ id, ...extent }] : [];
    });
    if (started.length === 0) return;
    const startAt = Math.min(...started.map((e) => e.startAt));
    const endAt = Math.max(...started.map((e) => e.endAt));
    bands.push({ ...place(startAt, endAt), batch: index, mode: batch.mode, callIds: [...batch.callIds] });
    if (batch.mode === 'sequential') {
      for (const e of started) barriers.push({ callId: e.id, at: e.startAt, left: (e.startAt - origin) / span });
    }
  });

  const gaps = axis.gaps.map((gap) => place(gap.startAt, gap.endAt));
  return { origin, span, rows, bands, barriers: barriers.map((barrier) => ({ ...barrier, left: axis.toFraction(barrier.at) })), gaps };
}

type Interval = { startAt: number; endAt: number };

/**
 * Turn time → chart fraction: linear, except that every idle stretch longer than the calls' work
 * together (and than `GAP_MIN_MS`) is shortened to `GAP_SHARE` of that work.
 */
type Axis = { toFraction: (at: number) => number; measure: (startAt: number, endAt: number) => { left: number; width: number }; gaps: Interval[] };

function createBrokenAxis(extents: readonly Interval[], origin: number, span: number): Axis {
  const merged: Interval[] = [];
  for (const extent of [...extents].sort((a, b) => a.startAt - b.startAt)) {
    const last = merged.at(-1);
    if (last && extent.startAt <= last.endAt) last.endAt = Math.max(last.endAt, extent.endAt);
    else merged.push({ ...extent });
  }
  const busy = merged.reduce((sum, interval) => sum + (interval.endAt - interval.startAt), 0);
  const gaps: Interval[] = [];
  for (let index = 1; index < merged.length; index += 1) {
    const gap = { startAt: merged[index - 1]!.endAt, endAt: merged[index]!.startAt };
    const length = gap.endAt - gap.startAt;
    if (length >= GAP_MIN_MS && length > busy) gaps.push(gap);
  }
  if (gaps.length === 0) {
    return { toFraction: (at) => (at - origin) / span, measure: (startAt, endAt) => ({ left: (startAt - origin) / span, width: (endAt - startAt) / span }), gaps };
  }
  const shortened = Math.max(busy * GAP_SHARE, 1);
  const removed = gaps.reduce((sum, gap) => sum + (gap.endAt - gap.startAt) - shortened, 0);
  const drawn = span - removed;
  const toDrawn = (at: number) => {
    let offset = at - origin;
    for (const gap of gaps) {
      if (at <= gap.startAt) break;
      const length = gap.endAt - gap.startAt;
      // Inside a gap, time moves across its short stretch at the same reduced rate.
      offset -= at >= gap.endAt ? length - shortened : ((at - gap.startAt) / length) * (length - shortened);
    }
    return offset;
  };
  const toFraction = (at: number) => toDrawn(at) / drawn;
  return { toFraction, measure: (startAt, endAt) => ({ left: toFraction(startAt), width: (toDrawn(endAt) - toDrawn(startAt)) / drawn }), gaps };
}
