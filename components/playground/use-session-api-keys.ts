'use client';

import type { Dispatch } from 'react';
import { useEffect } from 'react';
import { readSessionApiKeys } from '@/lib/client';
import type { PlaygroundAction } from '@/lib/client';

/** Restores API keys typed earlier in this tab, each still bound to its base URL; writing happens where the user edits them. */
export function useSessionApiKeys(dispatch: Dispatch<PlaygroundAction>): void {
  useEffect(() => {
    const keys = readSessionApiKeys(window.sessionStorage);
    if (keys.length > 0) dispatch({ type: 'api-keys-restored', keys });
  }, [dispatch]);
}
