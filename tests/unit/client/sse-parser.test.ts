import { describe, expect, it } from 'vitest';
import { createSseParser } from '@/lib/client/api';

describe('createSseParser', () => {
  it('returns the data of each message ended by a blank line', () => {
    const parser = createSseParser();
    expect(parser.push('data: {"a":1}\n\ndata: {"b":2}\n\n')).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('assembles messages split across chunks at any point', () => {
    const text = 'data: {"type":"turn-start"}\n\ndata: {"type":"turn-end"}\n\n';
    for (let cut = 1; cut < text.length; cut += 1) {
      const parser = createSseParser();
      const messages = [...parser.push(text.slice(0, cut)), ...parser.push(text.slice(cut)), ...parser.flush()];
      expect(messages).toEqual(['{"type":"turn-start"}', '{"type":"turn-end"}']);
    }
  });

  it('handles CRLF and CR line endings, including a CRLF split between chunks', () => {
    const parser = createSseParser();
    expect([...parser.push('data: one\r'), ...parser.push('\n\r\ndata: two\r\r')]).toEqual(['one']);
    expect(parser.flush()).toEqual(['two']);
  });

  it('joins multi-line data with newlines and ignores comments and other fields', () => {
    const parser = createSseParser();
    expect(parser.push(': keep-alive\nevent: x\nid: 3\ndata: first\ndata:second\n\n')).toEqual(['first\nsecond']);
  });

  it('skips messages without data and flushes a final message missing its blank line', () => {
    const parser = createSseParser();
    expect(parser.push('event: ping\n\ndata: last')).toEqual([]);
    expect(parser.flush()).toEqual(['last']);
    expect(parser.flush()).toEqual([]);
  });
});
