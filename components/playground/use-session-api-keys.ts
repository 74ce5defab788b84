'use client';

import type { Dispatch } from 'react';
import { useEffect } from 'react';
import type { PlaygroundAction } from '@/lib/client/playground-state';
import { readSessionApiKeys } from '@/lib/client/session-secrets';

/** Restores API keys typed earlier in this tab; writing happens where the user edits them. */
export function useSessionApiKeys(dispatch: Dispatch<PlaygroundAction>): void {
  useEffect(() => {
    const stored = readSessionApiKeys(window.sessionStorage);
    if (stored.openai || stored.compatible) dispatch({ type: 'api-keys-restored', ...stored });
  }, [dispatch]);
}
