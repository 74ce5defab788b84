'use client';

import { useEffect } from 'react';

/** While calls wait for a person, the browser tab says so: "(2) Waiting for you · <title>". */
export function useTitleBadge(waiting: number): void {
  useEffect(() => {
    if (waiting === 0) return;
    const original = document.title;
    document.title = `(${waiting}) Waiting for you · ${original}`;
    return () => {
      document.title = original;
    };
  }, [waiting]);
}
