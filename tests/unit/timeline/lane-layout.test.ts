import { describe, expect, it } from 'vitest';
import type { CallState, DispatchBatch } from '@/lib/runtime';
import { computeLaneLayout } from '@/lib/timeline';

/** A call that never started (rejected), is running, or is done, by what `started` says. */
function makeCall(callId: string, started?: { at: number; durationMs?: number; batch: number }): CallState {
  const facts = { callId, name: `tool_${callId}`, iteration: 1, repairs: [], logs: [] };
  if (started === undefined) return { ...facts, phase: 'rejected' };
  const start = { batch: started.batch, startedAt: started.at };
  if (started.durationMs === undefined) return { ...facts, ...start, phase: 'running' };
  const output = { status: 'success' as const, output: 'ok', summary: '', audit: '', durationMs: started.durationMs, at: started.at + started.durationMs };
  return { ...facts, ...start, phase: 'done', output };
}

function byId(calls: CallState[]): Record<string, CallState> {
  return Object.fromEntries(calls.map((c) => [c.callId, c]));
}

describe('computeLaneLayout', () => {
  const plan: DispatchBatch[] = [
    { mode: 'parallel', callIds: ['a', 'b', 'c'] },
    { mode: 'sequential', callIds: ['w'] },
    { mode: 'parallel', callIds: ['r'] },
  ];
  const calls = byId([
    makeCall('a', { at: 100, durationMs: 50, batch: 0 }),
    makeCall('b', { at: 100, durationMs: 40, batch: 0 }),
    makeCall('c', { at: 102, durationMs: 58, batch: 0 }),
    makeCall('w', { at: 160, durationMs: 20, batch: 1 }),
    makeCall('r', { at: 180, durationMs: 20, batch: 2 }),
  ]);

  it('places one row per call in model order with bars scaled to the overall span', () => {
    const layout = computeLaneLayout({ iteration: { callIds: ['a', 'b', 'c', 'w', 'r'], plan }, calls, now: 500 });
    expect(layout.origin).toBe(100);
    expect(layout.span).toBe(100);
    expect(layout.rows.map((r) => [r.callId, r.row, r.batch, r.mode])).toEqual([
      ['a', 0, 0, 'parallel'],
      ['b', 1, 0, 'parallel'],
      ['c', 2, 0, 'parallel'],
      ['w', 3, 1, 'sequential'],
      ['r', 4, 2, 'parallel'],
    ]);
    expect(layout.rows[0]?.bar).toEqual({ startAt: 100, endAt: 150, left: 0, width: 0.5, running: false });
    expect(layout.rows[2]?.bar).toMatchObject({ left: 0.02, width: 0.58 });
    expect(layout.rows[4]?.bar).toMatchObject({ left: 0.8, width: 0.2 });
    expect(layout.rows[0]?.status).toBe('success');
  });

  it('shades each batch over its active time and puts a barrier at each sequential start', () => {
    const layout = computeLaneLayout({ iteration: { callIds: ['a', 'b', 'c', 'w', 'r'], plan }, calls, now: 500 });
    expect(layout.bands.map((b) => [b.batch, b.mode, b.startAt, b.endAt])).toEqual([
      [0, 'parallel', 100, 160],
      [1, 'sequential', 160, 180],
      [2, 'parallel', 180, 200],
    ]);
    expect(layout.barriers).toEqual([{ callId: 'w', at: 160, left: 0.6 }]);
  });

  it('draws running calls up to now and gives calls that never started no bar', () => {
    const layout = computeLaneLayout({
      iteration: { callIds: ['x', 'a', 'q'], plan: [{ mode: 'parallel', callIds: ['a', 'q'] }] },
      calls: byId([makeCall('x'), makeCall('a', { at: 10, batch: 0 }), { callId: 'q', name: 'tool_q', iteration: 1, repairs: [], logs: [], phase: 'queued' }]),
      now: 30,
    });
    expect(layout.rows[0]).toMatchObject({ callId: 'x', bar: null, mode: undefined });
    expect(layout.rows[1]?.bar).toEqual({ startAt: 10, endAt: 30, left: 0, width: 1, running: true });
    expect(layout.rows[2]).toMatchObject({ callId: 'q', bar: null, batch: 0, mode: 'parallel' });
    expect(layout.bands).toHaveLength(1);
  });

  it('never divides by zero for an empty or instant iteration', () => {
    const empty = computeLaneLayout({ iteration: { callIds: [] }, calls: {}, now: 0 });
    expect(empty).toEqual({ origin: 0, span: 1, rows: [], bands: [], barriers: [], gaps: [] });
    const instant = computeLaneLayout({
      iteration: { callIds: ['a'], plan: [{ mode: 'sequential', callIds: ['a'] }] },
      calls: byId([makeCall('a', { at: 5, durationMs: 0, batch: 0 })]),
      now: 5,
    });
    expect(instant.span).toBe(1);
    expect(instant.rows[0]?.bar).toMatchObject({ left: 0, width: 0 });
    expect(instant.barriers).toEqual([{ callId: 'a', at: 5, left: 0 }]);
  });
});

describe('computeLaneLayout with a long wait', () => {
  // Two quick reads, then a write that waited 10 s for its approval before it ran.
  const plan: DispatchBatch[] = [
    { mode: 'parallel', callIds: ['a', 'b'] },
    { mode: 'sequential', callIds: ['w'] },
  ];
  const calls = byId([makeCall('a', { at: 0, durationMs: 40, batch: 0 }), makeCall('b', { at: 0, durationMs: 60, batch: 0 }), makeCall('w', { at: 10_060, durationMs: 40, batch: 1 })]);
  const layout = computeLaneLayout({ iteration: { callIds: ['a', 'b', 'w'], plan }, calls, now: 20_000 });

  it('shortens the idle stretch, so the bars keep a readable width, and keeps the real span', () => {
    expect(layout.span).toBe(10_100);
    expect(layout.gaps).toHaveLength(1);
    expect(layout.gaps[0]).toMatchObject({ startAt: 60, endAt: 10_060 });
    // 100 ms of work and a 25 ms stretch for the gap: the reads fill most of the chart.
    expect(layout.rows[1]?.bar?.width).toBeCloseTo(60 / 125, 6);
    expect(layout.rows[2]?.bar?.left).toBeCloseTo(85 / 125, 6);
    expect(layout.rows[2]?.bar?.width).toBeCloseTo(40 / 125, 6);
    expect(layout.barriers[0]?.left).toBeCloseTo(85 / 125, 6);
  });

  it('draws short waits to scale', () => {
    const quick = byId([makeCall('a', { at: 0, durationMs: 40, batch: 0 }), makeCall('b', { at: 0, durationMs: 60, batch: 0 }), makeCall('w', { at: 150, durationMs: 40, batch: 1 })]);
    const scaled = computeLaneLayout({ iteration: { callIds: ['a', 'b', 'w'], plan }, calls: quick, now: 500 });
    expect(scaled.gaps).toEqual([]);
    expect(scaled.rows[2]?.bar?.left).toBeCloseTo(150 / 190, 6);
  });
});
