import { describe, expect, it } from 'vitest';
import type { RuntimeEvent } from '@/lib/runtime';
import { describeSessionPreview } from '@/lib/sessions/record/describe-session-preview';

const start = (callId: string) => ({ type: 'tool-call-start', callId }) as unknown as RuntimeEvent;
const end = (reason: string) => ({ type: 'turn-end', reason }) as unknown as RuntimeEvent;
const turn = (message: string, events: RuntimeEvent[]) => ({ request: { messages: [{ role: 'user', content: message }] }, events });

describe('describeSessionPreview', () => {
  it('titles an untitled session by its first message and counts turns and calls', () => {
    const preview = describeSessionPreview({ turns: [turn('What is the weather in Paris?', [start('a'), start('b'), end('completed')]), turn('And Rome?', [start('c'), end('completed')])] });
    expect(preview).toEqual({
      title: '“What is the weather in Paris?” · Tool Runtime Playground',
      description: '2 turns · 3 tool calls · completed. A recorded agent turn: schemas, dispatch order, validation and approvals, replayable.',
    });
  });

  it('puts a given title first, quotes the message in the description and shortens a long one', () => {
    const long = `Please ${'really '.repeat(30)}read the file`;
    const preview = describeSessionPreview({ title: 'Approval demo', turns: [turn(long, [start('a'), end('aborted')])] });
    expect(preview.title).toBe('Approval demo · Tool Runtime Playground');
    expect(preview.description).toMatch(/^“Please really .*…” · 1 turn · 1 tool call · stopped by the user\./);
    expect(preview.description.indexOf('”')).toBeLessThanOrEqual(92);
  });
});
