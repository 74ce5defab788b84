import { describe, expect, it } from 'vitest';
import { createRedactor } from '@/lib/runtime';

describe('createRedactor', () => {
  const redact = createRedactor(['hunter2-literal-key']);
  it.each([
    ['key sk-proj-abcdefghijklmnopqrstuvwx1234 here', 'key [REDACTED] here'],
    ['Authorization: Bearer abcdefghijklmnop.qrstuv', 'Authorization: [REDACTED]'],
    ['token ghp_abcdefghijklmnopqrstuvwxyz0123456789', 'token [REDACTED]'],
    ['AKIAABCDEFGHIJKLMNOP', '[REDACTED]'],
    ['-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----', '[REDACTED]'],
    ['configured hunter2-literal-key value', 'configured [REDACTED] value'],
  ])('redacts %j', (input, expected) => {
    expect(redact(input)).toBe(expected);
  });

  it('leaves ordinary text alone', () => {
    expect(redact('sk-short and a task-list')).toBe('sk-short and a task-list');
  });
});
