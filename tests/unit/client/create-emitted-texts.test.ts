import { describe, expect, it } from 'vitest';
import { createEmittedTexts } from '@/lib/client/create-emitted-texts';

describe('createEmittedTexts', () => {
  it('reads a repeated keystroke committed after the next one as behind (typing over an auto-closed bracket)', () => {
    // The sequence an e2e run logged: "}" typed over its auto-closed twin emits the same text again,
    // the state caught up with the first emission, then " " was typed before the repeat was committed.
    const texts = createEmittedTexts();
    texts.emitted('{braces}');
    texts.emitted('{braces}');
    expect(texts.judge('{braces}', '{braces}')).toBe('in-sync');
    texts.emitted('{braces} ');
    expect(texts.judge('{braces}', '{braces} ')).toBe('behind');
    expect(texts.judge('{braces} ', '{braces} ')).toBe('in-sync');
  });

  it('reads a state several keystrokes behind as behind, and a text never emitted as external', () => {
    const texts = createEmittedTexts();
    for (const text of ['a', 'ab', 'abc']) texts.emitted(text);
    expect(texts.judge('ab', 'abc')).toBe('behind');
    expect(texts.judge('preset text', 'abc')).toBe('external');
  });

  it('forgets texts from before the last catch-up, so a preset equal to one of them still applies', () => {
    const texts = createEmittedTexts();
    texts.emitted('preset A');
    texts.emitted('preset A!');
    expect(texts.judge('preset A!', 'preset A!')).toBe('in-sync');
    texts.emitted('preset A!?');
    expect(texts.judge('preset A!?', 'preset A!?')).toBe('in-sync');
    expect(texts.judge('preset A', 'preset A!?')).toBe('external');
  });

  it('keeps at most the given number of texts, forgetting the oldest', () => {
    const texts = createEmittedTexts(2);
    texts.emitted('x');
    texts.emitted('xy');
    texts.emitted('xyz');
    expect(texts.judge('xy', 'xyz')).toBe('behind');
    expect(texts.judge('x', 'xyz')).toBe('external');
  });
});
