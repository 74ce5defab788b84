import { evaluationEventSchema, type EvaluationEvent } from '@/lib/contract';

/** The events of a `POST /api/evaluations` answer (server-sent events), each checked against the schema. */
export async function readEvaluationEvents(response: Response): Promise<EvaluationEvent[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((chunk) => chunk.startsWith('data: '))
    .map((chunk) => evaluationEventSchema.parse(JSON.parse(chunk.slice('data: '.length))));
}
