'use client';

import type { Dispatch } from 'react';
import { useEffect } from 'react';
import { compileTools } from '@/lib/client/api-client';
import type { PlaygroundAction } from '@/lib/client/playground-state';
import { toolDetails } from '@/lib/client/tool-details';

const COMPILE_DEBOUNCE_MS = 300;

/** Compiles the tool module shortly after typing pauses; a newer source cancels the older request. */
export function useCompileOnChange(source: string, dispatch: Dispatch<PlaygroundAction>): void {
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      dispatch({ type: 'compile-started' });
      void compileTools(source, controller.signal).then((result) => {
        if (controller.signal.aborted) return;
        if (result.ok) {
          toolDetails.remember(source, result.value);
          dispatch({ type: 'compile-succeeded', source, response: result.value });
        }
        if (!result.ok) dispatch({ type: 'compile-failed', source, message: result.error.message });
      });
    }, COMPILE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [source, dispatch]);
}
