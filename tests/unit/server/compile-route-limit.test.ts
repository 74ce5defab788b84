import { describe, expect, it } from 'vitest';
import { POST } from '@/app/api/tools/compile/route';

/** The route as Next calls it: a spoofed client header must not buy a fresh budget. */
describe('POST /api/tools/compile rate limit', () => {
  it('refuses a burst past 20 with 429 and Retry-After, whatever X-Playground-Client says', async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        POST(
          new Request('http://localhost/api/tools/compile', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-playground-client': `spoofed-${index}`, 'x-forwarded-for': `203.0.113.${index}` },
            body: JSON.stringify({ source: 'export default [];' }),
          }),
        ),
      ),
    );
    const refused = responses.filter((response) => response.status === 429);
    expect(responses.filter((response) => response.status === 200).length).toBeLessThanOrEqual(21);
    expect(refused.length).toBeGreaterThanOrEqual(9);
    for (const response of refused) {
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await response.json()) as { error: string }).error).toMatch(/^Too many compiles from your address: .* Retry in \d+ s\.$/);
    }
  }, 30_000);
});
