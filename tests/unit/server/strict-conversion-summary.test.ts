import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { convertZodSchema, describeToolMetadata } from '@/lib/runtime';
import { describeCompiledTools } from '@/lib/contract';

function summarize(schema: z.ZodObject) {
  const converted = convertZodSchema(schema);
  if (!converted.ok) throw new Error(converted.error);
  const config = { name: 'lookup', description: 'Look up.', hasSchema: true, hasJsonSchema: false, hasOutputSchema: false, execute: 'function' as const };
  const [view] = describeCompiledTools([{ ...describeToolMetadata(config, converted.value), line: 1 }]);
  return view;
}

describe('what the schema card says about strict mode', () => {
  it('a plain z.object with an optional field is a routine conversion: nothing dropped', () => {
    const view = summarize(z.object({ id: z.string(), note: z.string().optional(), tags: z.array(z.string()).min(2) }));
    expect(view).toMatchObject({ strictCheck: 'strictified', strictDropped: 0 });
    expect(view?.strictified?.changes.map((change) => change.pointer)).toEqual(['/properties/note', '']);
  });

  it('a conversion that removes a keyword the model would have read counts it', () => {
    const view = summarize(z.object({ id: z.string(), limit: z.number().default(10), when: z.string().time() }));
    expect(view).toMatchObject({ strictCheck: 'strictified', strictDropped: expect.any(Number) });
    expect(view?.strictDropped).toBeGreaterThanOrEqual(1);
    expect(view?.strictified?.changes.filter((change) => change.change.startsWith('Removed ')).map((change) => change.pointer)).toContain('/properties/limit/default');
  });
});
