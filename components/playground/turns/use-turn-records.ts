'use client';

import type { Dispatch } from 'react';
import { useEffect, useRef } from 'react';
import type { ConversationState } from '@/lib/client';
import { fetchTurnResource } from '@/lib/client/api';
import type { PlaygroundAction } from '@/lib/client';

/** A turn's record longer than this many characters of JSON is not kept: the draft would outgrow its limit (the turn can be shared while the server keeps it). */
export const TURN_RECORD_CHARACTER_LIMIT = 2_000_000;
/** The server stores a turn a moment after its stream ends: asked again after these pauses while it says "not stored (yet)". */
const RETRY_DELAYS_MS = [300, 1_000, 3_000];

/**
 * Keeps each turn that ends on this page with the record the server stored for sharing, so the
 * turn can still be shared from History after the server has let it go (24 hours). Only turns
 * run here: their control token is what lets this page read the record.
 */
export function useTurnRecords(conversation: ConversationState, dispatch: Dispatch<PlaygroundAction>, enabled: boolean): void {
  const askedRef = useRef(new Set<string>());
  useEffect(() => {
    if (!enabled) return;
    for (const branch of conversation.branches) {
      for (const turn of branch.turns) {
        const { turnId } = turn;
        if (turnId === null || turn.phase !== 'ended' || turn.runId <= 0 || turn.record !== undefined || askedRef.current.has(turnId)) continue;
        if (!turn.events.some((event) => event.type === 'turn-end')) continue;
        askedRef.current.add(turnId);
        void fetchTurnRecord(turnId).then((record) => {
          if (record !== undefined) dispatch({ type: 'turn-record-kept', turnId, record });
        });
      }
    }
  }, [conversation, dispatch, enabled]);
}

async function fetchTurnRecord(turnId: string): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    const answer = await fetchTurnResource(turnId, 'record');
    if (answer.ok) {
      const turn = (answer.value as { turn?: unknown } | null)?.turn;
      if (turn === undefined) return undefined;
      if (JSON.stringify(turn).length > TURN_RECORD_CHARACTER_LIMIT) {
        console.warn(`Turn ${turnId} is too large to keep in this browser; it can be shared while the server keeps it (24 hours).`);
        return undefined;
      }
      return turn;
    }
    const delay = RETRY_DELAYS_MS[attempt];
    if (delay === undefined || !answer.error.includes('not stored (yet)')) {
      console.warn(`Turn ${turnId} was not kept in this browser: ${answer.error}`);
      return undefined;
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
