import { Agent, fetch } from 'undici';
import { followEventStream } from './follow-event-stream';
import type { EvaluationEvent } from '@/lib/contract';

/** An evaluation stream being read in the background: its answer, its events so far, and whether it ended. */
export type OpenEvaluation = { address: string; status: number; text: string; id: string | null; events: EvaluationEvent[]; ended: boolean; close: () => void };

/** Evaluations started from given source addresses and read in the background until they end or `closeAll` closes them. */
export function createOpenEvaluations() {
  const agents = new Map<string, Agent>();
  const open: OpenEvaluation[] = [];
  const agentFor = (address: string): Agent => {
    let agent = agents.get(address);
    if (!agent) {
      agent = new Agent({ connections: 8, localAddress: address });
      agents.set(address, agent);
    }
    return agent;
  };
  return {
    /** POSTs `body` to `baseURL`'s /api/evaluations from `address`; a refusal's text is read, a stream is read in the background. */
    async start(baseURL: string, address: string, body: unknown): Promise<OpenEvaluation> {
      const controller = new AbortController();
      const response = await fetch(`${baseURL}/api/evaluations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
        dispatcher: agentFor(address),
        signal: controller.signal,
      });
      const evaluation: OpenEvaluation = { address, status: response.status, text: '', id: response.headers.get('x-evaluation-id'), events: [], ended: response.status !== 200, close: () => controller.abort() };
      open.push(evaluation);
      if (response.status !== 200 || !response.body) {
        evaluation.text = await response.text();
        return evaluation;
      }
      followEventStream<EvaluationEvent>(response.body as AsyncIterable<Uint8Array>, evaluation.events, () => {
        evaluation.ended = true;
      });
      return evaluation;
    },
    async closeAll(): Promise<void> {
      for (const evaluation of open) evaluation.close();
      await Promise.all([...agents.values()].map((agent) => agent.destroy()));
    },
  };
}

/** How many runs of the evaluation ended so far. */
export const runsEnded = (evaluation: OpenEvaluation): number => evaluation.events.filter((event) => event.type === 'run-end').length;
