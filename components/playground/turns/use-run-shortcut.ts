'use client';

import { useEffect, useRef } from 'react';

/** Ctrl/Cmd+Enter anywhere on the page runs; the editor binds the same keys itself. */
export function useRunShortcut(onRun: () => void): void {
  const onRunRef = useRef(onRun);
  useEffect(() => {
    onRunRef.current = onRun;
  }, [onRun]);
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      // Monaco handles the keys itself and marks the event; running twice would restart the turn.
      if (event.defaultPrevented || event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      onRunRef.current();
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);
}
