'use client';

import type { PlaygroundOrigin } from '@/lib/client/playground-state';
import type { RuntimeEvent } from '@/lib/runtime/events/runtime-event';
import type { SessionRecord } from '@/lib/sessions/session-record';
import { ForkedSessionNotice } from './forked-session-notice';
import { SharedSessionBanner } from './shared-session-banner';

export type SessionBannerProps = {
  origin: PlaygroundOrigin;
  shared?: SessionRecord;
  onFork: () => void;
  /** The conversation's turns as they stand (a fork compares them with its original). */
  turns: readonly (readonly RuntimeEvent[])[];
};

/** The strip under the header that says whether this is a shared recording, a fork, or neither. */
export function SessionBanner({ origin, shared, onFork, turns }: SessionBannerProps) {
  switch (origin.kind) {
    case 'local':
      return null;
    case 'shared':
      return shared ? <SharedSessionBanner record={shared} onFork={onFork} /> : null;
    case 'forked':
      return <ForkedSessionNotice sessionId={origin.sessionId} turns={turns} />;
  }
}
