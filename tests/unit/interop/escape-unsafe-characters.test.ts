import { describe, expect, it } from 'vitest';
import { hasUnsafeCharacters, renderCommentText } from '@/lib/interop/schema/escape-unsafe-characters';
import { renderCodeLiteral, renderKey, renderStringLiteral } from '@/lib/interop/schema/render-code-literal';

const evaluate = (literal: string): unknown => new Function(`return (${literal});`)();

describe('renderStringLiteral', () => {
  it('reads back as exactly the text, on one visible line, whatever the text holds', () => {
    const text = "a'b\\c\nd\re\u2028f\u2029g\u202eh\u0000i\u0085j\u200bk\ufeffl\ud800m\t`${x}`";
    const literal = renderStringLiteral(text);
    expect(hasUnsafeCharacters(literal)).toBe(false);
    expect(literal).toBe("'a\\'b\\\\c\\nd\\re\\u2028f\\u2029g\\u202eh\\u0000i\\u0085j\\u200bk\\ufeffl\\ud800m\\t`${x}`'");
    expect(evaluate(literal)).toBe(text);
  });

  it('keeps a surrogate pair (an emoji) as it is', () => {
    expect(renderStringLiteral('🙂')).toBe("'🙂'");
  });
});

describe('renderKey', () => {
  it('computes __proto__, so the object gets the property rather than a prototype', () => {
    expect(renderKey('__proto__')).toBe("['__proto__']");
    const value = evaluate(renderCodeLiteral(JSON.parse('{"__proto__": {"polluted": true}, "a": 1}'))) as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('renderCommentText', () => {
  it('is one line that closes no block comment', () => {
    expect(renderCommentText('a */ b\nc\u2028d\re')).toBe('a *\\/ b\\nc\\u2028d\\re');
  });
});
