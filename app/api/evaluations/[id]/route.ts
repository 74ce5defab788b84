import { serveEvaluationRead } from '@/lib/server/evaluations';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A stored evaluation with the outcomes of its runs so far (`EvaluationRecord`). */
export async function GET(_request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await context.params;
  return serveEvaluationRead(id);
}
