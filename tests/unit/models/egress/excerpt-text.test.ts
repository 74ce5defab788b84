import { describe, expect, it } from 'vitest';
import { excerptFailedBody } from '@/lib/models/egress/excerpt-failed-body';
import { excerptText } from '@/lib/models/egress/excerpt-text';
import { parseBody } from '@/lib/models/record-exchanges';

describe('excerptText', () => {
  it('keeps short text and cuts long text to the limit, marker included', () => {
    expect(excerptText('short', 300)).toBe('short');
    const cut = excerptText('x'.repeat(1_000), 300);
    expect(cut).toHaveLength(300);
    expect(cut.endsWith('…')).toBe(true);
    expect(excerptText(cut, 300)).toBe(cut);
  });

  it('never splits a surrogate pair', () => {
    const cut = excerptText(`${'x'.repeat(298)}😀${'y'.repeat(10)}`, 300);
    expect(cut).toBe(`${'x'.repeat(298)}…`);
  });
});

describe('excerptFailedBody', () => {
  const excerpt = (text: string) => excerptFailedBody(text, parseBody(text));

  it('keeps a short failed body as it came', () => {
    const body = JSON.stringify({ error: { message: 'Bad key', type: 'invalid_request_error', code: 'invalid_api_key' } });
    expect(excerpt(body)).toBe(body);
  });

  it('reduces a long body to an excerpt of its message', () => {
    const reduced = JSON.parse(excerpt(JSON.stringify({ error: { message: `boom ${'!'.repeat(5_000)}`, type: 'server_error' } }))) as { error: { message: string } };
    expect(reduced).toEqual({ error: { message: expect.stringMatching(/^boom !+…$/) } });
    expect(reduced.error.message).toHaveLength(300);
    expect(JSON.parse(excerpt(JSON.stringify({ detail: 'd'.repeat(400) })))).toEqual({ error: { message: `${'d'.repeat(299)}…` } });
    expect(JSON.parse(excerpt(`<html>${'z'.repeat(400)}</html>`))).toEqual({ error: { message: `<html>${'z'.repeat(293)}…` } });
  });
});
