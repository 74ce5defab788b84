/** The two panels that share the right column below 1200 px. */
export type NarrowPanel = 'schemas' | 'run';

const REVEAL_EVENT = 'playground:reveal-panel';

/**
 * Shows `panel` if the layout is narrow and it is behind the other tab, then runs `then` once it
 * is displayed (focusing a hidden element does nothing). On a wide layout both are always shown.
 */
export function revealPanel(panel: NarrowPanel, then?: () => void): void {
  window.dispatchEvent(new CustomEvent<NarrowPanel>(REVEAL_EVENT, { detail: panel }));
  if (then) requestAnimationFrame(then);
}

/** Calls `onReveal` whenever some control asks for a panel to be shown; returns the unsubscribe. */
export function onRevealPanel(onReveal: (panel: NarrowPanel) => void): () => void {
  const listener = (event: Event) => onReveal((event as CustomEvent<NarrowPanel>).detail);
  window.addEventListener(REVEAL_EVENT, listener);
  return () => window.removeEventListener(REVEAL_EVENT, listener);
}
