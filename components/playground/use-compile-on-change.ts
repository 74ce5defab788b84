'use client';

import type { Dispatch } from 'react';
import { useCallback, useEffect, useRef } from 'react';
import { compileTools, toolDetails } from '@/lib/client/api';
import { createCompileScheduler, type CompileScheduler } from '@/lib/client/compile';
import type { PlaygroundAction } from '@/lib/client';

/** A keystroke this long after the one before compiles at once; quicker ones wait until typing pauses this long. */
const COMPILE_DEBOUNCE_MS = 40;
/**
 * Compiles start at most 10 per second, in bursts of up to 10: the server allows an address 10 per
 * second in bursts of 20, so a keystroke rarely waits and fast typing is never refused.
 */
const COMPILE_RATE = { capacity: 10, refillIntervalMs: 100 };

/**
 * Compiles the tool module as it changes, one request at a time, always the newest text. The
 * returned function tells the scheduler about a keystroke from inside the editor's change event,
 * so the compile leaves before React renders it; changes from elsewhere arrive through `source`.
 */
export function useCompileOnChange(source: string, dispatch: Dispatch<PlaygroundAction>): (source: string) => void {
  const scheduler = useRef<CompileScheduler | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const created = createCompileScheduler({
      debounceMs: COMPILE_DEBOUNCE_MS,
      rate: COMPILE_RATE,
      compile: async (text) => {
        dispatch({ type: 'compile-started' });
        const result = await compileTools(text, controller.signal);
        if (controller.signal.aborted) return;
        if (result.ok) {
          toolDetails.remember(text, result.value);
          dispatch({ type: 'compile-succeeded', source: text, response: result.value });
        } else {
          dispatch({ type: 'compile-failed', source: text, message: result.error.message });
        }
      },
    });
    scheduler.current = created;
    return () => {
      created.dispose();
      controller.abort();
      scheduler.current = null;
    };
  }, [dispatch]);
  useEffect(() => {
    scheduler.current?.update(source);
  }, [source]);
  return useCallback((text: string) => scheduler.current?.update(text), []);
}
