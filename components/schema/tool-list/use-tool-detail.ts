'use client';

import { useEffect, useState } from 'react';
import type { CompiledToolDetail } from '@/lib/client/compile';
import { toolDetails } from '@/lib/client/api';

export type ToolDetailState = { status: 'ready'; detail: CompiledToolDetail } | { status: 'loading' } | { status: 'failed'; message: string };

/** One tool's detail: at once when the compile carried it, otherwise fetched while the row is open. */
export function useToolDetail(moduleKey: string, index: number): { state: ToolDetailState; retry: () => void } {
  const known = toolDetails.peek(moduleKey, index);
  const [fetched, setFetched] = useState<{ key: string; state: ToolDetailState } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = `${moduleKey}:${index}`;
  useEffect(() => {
    if (toolDetails.peek(moduleKey, index)) return;
    let current = true;
    void toolDetails.load(moduleKey, [index]).then((result) => {
      if (!current) return;
      const [detail] = result.ok ? result.value : [];
      setFetched({ key, state: detail ? { status: 'ready', detail } : { status: 'failed', message: result.ok ? 'No detail came back.' : result.error.message } });
    });
    return () => {
      current = false;
    };
  }, [moduleKey, index, key, attempt]);
  const state: ToolDetailState = known ? { status: 'ready', detail: known } : fetched?.key === key ? fetched.state : { status: 'loading' };
  const retry = () => {
    setFetched(null);
    setAttempt((count) => count + 1);
  };
  return { state, retry };
}
