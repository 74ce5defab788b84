import type { CallState, IterationState } from '@/lib/runtime';
import { RequestUsage } from './request-usage';
import { ToolName } from '@/components/timeline/call';

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
        {response.servedBy && (
          <span
            data-testid="served-by"
            data-served-by={response.servedBy}
            className={`rounded border px-1 text-[10px] ${response.servedBy === 'tape' ? 'border-border text-fg-muted' : 'border-violet-300 text-violet-800 dark:border-violet-800 dark:text-violet-300'}`}
            title={response.servedBy === 'tape' ? 'The request matched the recording, which answered it' : 'The request differs from the recording: the model answered it live'}
          >
            {response.servedBy === 'tape' ? 'from the recording' : 'live'}
          </span>
        )}
      </p>
      {response.divergence && (
        <p data-testid="divergence" className="break-words text-[11px] text-violet-800 dark:text-violet-300">
          The fork diverges here — {response.divergence}
        </p>
      )}
      {response.text && (
        <p className="whitespace-pre-wrap rounded bg-panel-muted px-2 py-1 text-fg" data-testid="model-text">
          {response.text}
        </p>
      )}
    </div>
  );
}
