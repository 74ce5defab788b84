'use client';

import { useState } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { replaySharedSession, type ReplayResponse } from '@/lib/sessions';
import type { SessionRecord } from '@/lib/sessions';
import { CompareWithForm } from './compare-with-form';
import { ExportSessionButton } from './export-session-button';
import { ExportTraceButton } from './export-trace-button';
import { ReplayReport } from './replay-report';

type ReplayStatus = { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; report: ReplayResponse } | { kind: 'failed'; message: string };

export type SharedSessionBannerProps = { record: SessionRecord; onFork: () => void };

/** `2026-03-01T09:30:12.000Z` → `2026-03-01 09:30 UTC`: the same text on the server and in every browser. */
export function formatRecordedAt(createdAt: string): string {
  return `${createdAt.slice(0, 10)} ${createdAt.slice(11, 16)} UTC`;
}

const BUTTON_CLASS = 'rounded-md border border-border bg-panel px-2 py-0.5 text-[11px] font-medium hover:bg-panel-muted disabled:opacity-50';

/** What `/s/<id>` shows above the playground: what this is, and Replay, Fork, Export. */
export function SharedSessionBanner({ record, onFork }: SharedSessionBannerProps) {
  const [replay, setReplay] = useState<ReplayStatus>({ kind: 'idle' });
  const runReplay = async () => {
    setReplay({ kind: 'running' });
    const result = await replaySharedSession(record.id);
    setReplay(result.ok ? { kind: 'done', report: result.value } : { kind: 'failed', message: `Replay failed: ${result.error.message}` });
  };
  const turns = record.turns.length;
  return (
    <section
      data-testid="shared-session-banner"
      aria-label="Shared session"
      className="shrink-0 space-y-1.5 border-b border-violet-200 bg-violet-50/70 px-4 py-2 dark:border-violet-900/70 dark:bg-violet-950/30"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <p className="text-xs">
          <span className="font-semibold">Shared session</span>
          <span className="text-fg-muted"> · recorded </span>
          <time data-testid="shared-session-date" dateTime={record.createdAt}>
            {formatRecordedAt(record.createdAt)}
          </time>
          <span className="text-fg-muted">
            {' '}
            · {turns} turn{turns === 1 ? '' : 's'}
            {record.title ? ` · ${record.title}` : ''}
          </span>
        </p>
        <div className="flex items-center gap-2">
          <button type="button" data-testid="replay-button" disabled={replay.kind === 'running'} onClick={() => void runReplay()} className={BUTTON_CLASS}>
            {replay.kind === 'running' ? 'Replaying…' : 'Replay'}
          </button>
          <button type="button" data-testid="fork-button" onClick={onFork} className={BUTTON_CLASS}>
            Fork
          </button>
          <ExportSessionButton sessionId={record.id} record={record} />
          <ExportTraceButton sessionId={record.id} />
          <CompareWithForm sessionId={record.id} />
          <CopyButton text={`${typeof window === 'undefined' ? '' : window.location.origin}/s/${record.id}`} label="Copy link" testId="copy-session-link" />
        </div>
        <p className="text-[11px] text-fg-muted lg:ml-auto">
          The timeline below is the recording; no model was called. Edit freely: Run or Fork continues in a new playground, this link never changes.
        </p>
      </div>
      {replay.kind === 'done' && <ReplayReport report={replay.report} />}
      {replay.kind === 'failed' && (
        <p data-testid="replay-error" role="alert" className="text-xs text-red-700 dark:text-red-400">
          {replay.message}
        </p>
      )}
    </section>
  );
}
