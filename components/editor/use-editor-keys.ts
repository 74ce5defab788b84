'use client';

import type { editor } from 'monaco-editor';
import { useEffect, useState } from 'react';

const HINT_SEEN_KEY = 'playground:editor-keys-hint-seen';

/** Why Tab moves focus out of the editor right now, if it does. */
export type TabLeaves = 'arrived-by-keyboard' | 'after-escape' | null;

/**
 * Keys as code editors treat them. Escape belongs to Monaco: it closes a widget, then collapses
 * extra cursors and the selection, and never moves focus by itself (keystrokes after it still land
 * in the code). An Escape that Monaco had no use for makes the next Tab (or Shift+Tab) leave the
 * editor, as in CodeMirror. Focus that arrives by Tab from outside keeps Tab moving through the
 * page until the user types or clicks, so walking the page never indents the module.
 *
 * Returns what Tab does now and whether to show, once per browser, how to leave.
 */
export function useEditorKeys(instance: editor.IStandaloneCodeEditor | null): { tabLeaves: TabLeaves; showHint: boolean; dismissHint: () => void } {
  const [tabLeaves, setTabLeaves] = useState<TabLeaves>(null);
  const [showHint, setShowHint] = useState(false);

  useEffect(() => {
    if (!instance) return;
    const container = instance.getContainerDomNode();
    let pointerDown = false;
    const setLeaves = (value: TabLeaves) => {
      instance.updateOptions({ tabFocusMode: value !== null });
      setTabLeaves(value);
      // Shown the first time it matters, once per browser; it stays until dismissed.
      if (value !== null && !readHintSeen()) {
        setShowHint(true);
        writeHintSeen();
      }
    };
    const markPointer = () => {
      pointerDown = true;
    };
    container.addEventListener('pointerdown', markPointer, true);
    const subscriptions = [
      instance.onDidFocusEditorText(() => {
        setLeaves(pointerDown ? null : 'arrived-by-keyboard');
        pointerDown = false;
      }),
      instance.onDidBlurEditorText(() => setLeaves(null)),
      instance.onMouseDown(() => setLeaves(null)),
      instance.onKeyDown((event) => {
        const key = event.browserEvent.key;
        if (key === 'Tab' || key === 'Shift' || key === 'Control' || key === 'Alt' || key === 'Meta') return;
        if (key !== 'Escape') {
          setLeaves(null);
          return;
        }
        // Monaco's own Escape bindings run after this listener and mark the event when they act.
        const browserEvent = event.browserEvent;
        setTimeout(() => setLeaves(browserEvent.defaultPrevented ? null : 'after-escape'), 0);
      }),
    ];
    return () => {
      container.removeEventListener('pointerdown', markPointer, true);
      for (const subscription of subscriptions) subscription.dispose();
    };
  }, [instance]);

  const dismissHint = () => setShowHint(false);
  return { tabLeaves, showHint, dismissHint };
}

function readHintSeen(): boolean {
  try {
    return window.localStorage.getItem(HINT_SEEN_KEY) === '1';
  } catch (error) {
    console.warn('localStorage unavailable; the editor keys hint shows every time:', error);
    return false;
  }
}

function writeHintSeen(): void {
  try {
    window.localStorage.setItem(HINT_SEEN_KEY, '1');
  } catch (error) {
    console.warn('localStorage unavailable; the editor keys hint was not marked as seen:', error);
  }
}
