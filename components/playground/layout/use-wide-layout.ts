import { useSyncExternalStore } from 'react';

/** Where the three columns get resizable panels; below it the schema and run panels share a tabbed column. */
const WIDE_QUERY = '(min-width: 1200px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the window is wide enough for three resizable columns. The server renders the tabbed
 * layout (it cannot know the width); the browser switches once it has hydrated.
 */
export function useWideLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE_QUERY).matches,
    () => false,
  );
}
