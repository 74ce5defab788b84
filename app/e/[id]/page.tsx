import type { Metadata } from 'next';
import { SharedEvaluation } from '@/components/evaluation/shared-evaluation';

type SharedEvaluationPageProps = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: 'Evaluation · Tool Runtime Playground' };

/** `/e/<id>`: a stored evaluation; the browser reads it (`GET /api/evaluations/{id}`) and shows the results at once. */
export default async function SharedEvaluationPage({ params }: SharedEvaluationPageProps) {
  const { id } = await params;
  return <SharedEvaluation id={id} />;
}
