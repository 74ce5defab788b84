'use client';

import dynamic from 'next/dynamic';
import type { PlaygroundOrigin } from '@/lib/client';
import type { RuntimeEvent } from '@/lib/runtime';
import type { SessionRecord } from '@/lib/sessions';

// A new playground shows neither: replay, comparison and their views load only on a shared page or a fork.
const ForkedSessionNotice = dynamic(() => import('./forked-session-notice').then((loaded) => loaded.ForkedSessionNotice));
const SharedSessionBanner = dynamic(() => import('./shared-session-banner').then((loaded) => loaded.SharedSessionBanner));

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
