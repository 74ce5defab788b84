import type { CallState, IterationState } from '@/lib/runtime/events/reduce-runtime-events';
import { RequestUsage } from './request-usage';
import { ToolName } from './tool-name';

type Response = NonNullable<IterationState['response']>;

export type ModelResponseRowProps = {
  response: Response;
  calls: CallState[];
};

/** Call names in model order, consecutive repeats folded: `get_weather ×3, current_time`. */
function foldNames(calls: CallState[]): { name: string; count: number }[] {
  const folded: { name: string; count: number }[] = [];
  for (const call of calls) {
    const last = folded.at(-1);
    if (last && last.name === call.name) last.count += 1;
    else folded.push({ name: call.name, count: 1 });
  }
  return folded;
}

/** What the model answered: its text, the calls it proposed in its order, and the tokens it cost. */
export function ModelResponseRow({ response, calls }: ModelResponseRowProps) {
  return (
    <div data-testid="model-response" className="space-y-1 text-xs">
      <p className="flex flex-wrap items-baseline gap-x-2 text-fg-muted">
        <span className="font-mono text-[10px] opacity-70">{Math.round(response.at)}ms</span>
        <span className="font-medium text-fg">Response</span>
        <span>
          {calls.length === 0 ? 'no tool calls' : `${calls.length} call${calls.length === 1 ? '' : 's'}: `}
          {foldNames(calls).map((entry, index) => (
            <span key={index}>
              {index > 0 && ', '}
              <ToolName name={entry.name} />
              {entry.count > 1 && ` ×${entry.count}`}
            </span>
          ))}
        </span>
        {response.usage && <RequestUsage usage={response.usage} />}
      </p>
      {response.text && (
        <p className="whitespace-pre-wrap rounded bg-panel-muted px-2 py-1 text-fg" data-testid="model-text">
          {response.text}
        </p>
      )}
    </div>
  );
}
