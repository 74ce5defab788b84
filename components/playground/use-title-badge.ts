'use client';

import { useEffect } from 'react';

const BADGE = /^\(\d+\) Waiting for you · /;

/**
 * While calls wait for a person, the browser tab says so: "(2) Waiting for you · <title>". The
 * page's own title may be written again after this runs (metadata streamed or re-rendered by the
 * framework), so the badge is re-applied whenever the head changes, until nothing waits.
 */
export function useTitleBadge(waiting: number): void {
  useEffect(() => {
    if (waiting === 0) return;
    const apply = () => {
      const badged = `(${waiting}) Waiting for you · ${document.title.replace(BADGE, '')}`;
      if (document.title !== badged) document.title = badged;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = document.title.replace(BADGE, '');
    };
  }, [waiting]);
}
