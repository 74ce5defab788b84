import { serveEvaluationExport } from '@/lib/server/evaluations';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The evaluation as a Vitest suite (`format=vitest`: every run replayed on its tape, verdicts checked) or a Promptfoo configuration (`format=promptfoo`). */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await context.params;
  return serveEvaluationExport(id, new URL(request.url).searchParams.get('format'));
}
