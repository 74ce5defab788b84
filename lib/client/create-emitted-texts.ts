/** Texts an editor emitted while typing that React state may still show; past this many the oldest are forgotten. */
const MAX_EMITTED_TEXTS = 200;

/** What a document's state text means to the editor that shows it. */
export type StateTextVerdict = 'in-sync' | 'behind' | 'external';

export type EmittedTexts = {
  /** The editor emitted `text` (a keystroke, a paste, an undo). */
  emitted(text: string): void;
  /**
   * Reads the state's text against the editor's: `in-sync` when they are equal, `behind` when the
   * state shows a text this editor emitted since the two were last in sync (React has not caught
   * up: leave the editor alone), `external` when it changed from elsewhere (a preset, a fork, an
   * import: apply it). After `external` the caller applies the text, and the emitted texts are
   * forgotten.
   */
  judge(stateText: string, editorText: string): StateTextVerdict;
};

/**
 * The texts one document's editor emitted since its state last caught up. When the state catches
 * up, the text they agree on is kept: an update that repeats it (a keystroke that changed nothing
 * visible, such as typing over an auto-closed bracket) can still be committed after the next
 * keystroke, and must read as behind, not as a change from elsewhere. Texts from before the last
 * catch-up are dropped, so a later preset whose text happens to equal one of them still applies.
 */
export function createEmittedTexts(maxTexts = MAX_EMITTED_TEXTS): EmittedTexts {
  const texts = new Set<string>();
  return {
    emitted(text) {
      // Re-added at the end, so the oldest entry is the one forgotten first.
      texts.delete(text);
      texts.add(text);
      if (texts.size > maxTexts) texts.delete(texts.values().next().value as string);
    },
    judge(stateText, editorText) {
      if (stateText === editorText) {
        texts.clear();
        texts.add(stateText);
        return 'in-sync';
      }
      if (texts.has(stateText)) return 'behind';
      texts.clear();
      return 'external';
    },
  };
}
