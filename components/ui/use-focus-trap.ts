'use client';

import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * Keeps keyboard focus inside a modal while it is open: focus moves into it when it opens (its
 * first field, else the container), Tab and Shift+Tab wrap around its controls, and when it
 * closes focus returns to whatever had it before (the button that opened it).
 */
export function useFocusTrap<T extends HTMLElement>(): RefObject<T | null> {
  const container = useRef<T | null>(null);
  useEffect(() => {
    const root = container.current;
    if (!root) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusables = () => [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
    const initial = focusables().find((element) => element.matches('input, select, textarea')) ?? focusables()[0] ?? root;
    initial.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = focusables();
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !root.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !root.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      // The opener may have been unmounted meanwhile; then focus stays where the page puts it.
      if (previous?.isConnected) previous.focus();
    };
  }, []);
  return container;
}
