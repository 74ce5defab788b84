import { describe, expect, it } from 'vitest';
import { readCappedBody } from '@/lib/models/egress/read-capped-body';

function streamOf(chunks: Uint8Array[], onCancel: () => void): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index];
      index += 1;
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
    cancel: onCancel,
  });
}

describe('readCappedBody', () => {
  it('reads a body of exactly the limit, multi-byte characters split across chunks', async () => {
    const bytes = new TextEncoder().encode('héllo');
    const response = new Response(streamOf([bytes.subarray(0, 2), bytes.subarray(2)], () => undefined));
    expect(await readCappedBody(response, bytes.byteLength)).toEqual({ ok: true, value: 'héllo' });
  });

  it('stops reading and cancels the body one byte past the limit', async () => {
    let cancelled = false;
    let pulled = 0;
    const chunks = Array.from({ length: 100 }, () => new Uint8Array(10));
    const body = streamOf(chunks, () => {
      cancelled = true;
    });
    const counting = body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          pulled += 1;
          controller.enqueue(chunk);
        },
      }),
    );
    expect(await readCappedBody(new Response(counting), 25)).toEqual({ ok: false, error: { code: 'response-too-large', limitBytes: 25 } });
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(10);
  });

  it('refuses a declared length past the limit without reading', async () => {
    let cancelled = false;
    const response = new Response(streamOf([new Uint8Array(5)], () => {
      cancelled = true;
    }), { headers: { 'content-length': '26' } });
    expect(await readCappedBody(response, 25)).toEqual({ ok: false, error: { code: 'response-too-large', limitBytes: 25 } });
    expect(cancelled).toBe(true);
  });
});
