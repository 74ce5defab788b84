import { Badge } from '@/components/ui/badge';
import { type CallApprovalResponse, type CallState, GENERATED_NOTE, isArgumentSourceNote } from '@/lib/runtime';
import { AppDifferenceNotes } from './app-difference-notes';
import { ApprovalButtons } from './approval-buttons';
import { ArgumentsDiff } from './arguments-diff';
import { describeCallStatus, formatDuration } from './call-status';
import { ElicitationCard } from './elicitation-card';
import { ForkOutputEditor } from './fork-output-editor';
import { ManualOutputEditor } from './manual-output-editor';
import { OutputViewer } from './output-viewer';
import { PermissionBadge } from './permission-badge';
import { StreamedText } from './streamed-text';
import { ToolName } from './tool-name';
import { ValidationIssues } from './validation-issues';
import type { CallActions } from './call-actions';

export type CallCardProps = {
  call: CallState;
  /** 1-based position in the model's order. */
  position: number;
  actions: CallActions;
  /** The response that proposed the call is still streaming. */
  streaming?: boolean;
};

const STREAMING_STATUS = { status: 'streaming', label: 'streaming', tone: 'blue' } as const;

function describeApproval(response: CallApprovalResponse): string {
  const verdict = response.approved ? 'Approved' : 'Denied';
  const by = response.decidedBy === 'human' ? 'by you' : response.decidedBy === 'timeout' ? 'after no decision in time' : 'by the abort';
  return `${verdict} ${by}${response.reason ? `: ${response.reason}` : ''}`;
}

function CallLogs({ call }: { call: CallState }) {
  if (call.logs.length === 0) return null;
  return (
    <ol data-testid="call-logs" className="rounded bg-panel-muted px-2 py-1 font-mono text-[11px] leading-4">
      {call.logs.map((log, index) => (
        <li key={index} className={log.level === 'error' ? 'text-red-600' : log.level === 'warn' ? 'text-amber-600' : 'text-fg-muted'}>
          <span className="mr-2 opacity-60">{Math.round(log.at)}ms</span>
          {log.message}
        </li>
      ))}
    </ol>
  );
}

/** Everything the runtime did with one proposed call, from raw arguments to model-visible output. */
export function CallCard({ call, position, actions, streaming = false }: CallCardProps) {
  const status = streaming && call.phase === 'proposed' ? STREAMING_STATUS : describeCallStatus(call);
  const streamedOnly = call.rawArguments === undefined && call.streamedArguments !== undefined;
  const showRestored = call.restoredInput !== undefined;
  const fromMessage = (call.argumentNotes ?? []).filter(isArgumentSourceNote);
  const caveats = (call.argumentNotes ?? []).filter((note) => !isArgumentSourceNote(note));
  return (
    <article
      data-testid={`call-card-${call.callId}`}
      data-status={status.status}
      data-phase={call.phase}
      data-name={call.name}
      data-streaming={streamedOnly && streaming ? 'true' : undefined}
      className="space-y-2 rounded-lg border border-border bg-panel p-2.5"
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs">
        <span className="w-5 shrink-0 text-right font-mono text-fg-muted">{position}</span>
        {call.activity ? (
          <>
            {/* At least 8rem wide, so a narrow card wraps the badges to the next line instead of the title letter by letter. */}
            <span className="min-w-32 flex-1 break-words font-medium leading-snug" title={call.activity}>
              {call.activity}
            </span>
            <ToolName name={call.name} className="shrink-0 text-[11px] text-fg-muted" />
          </>
        ) : (
          <ToolName name={call.name} className="min-w-0 truncate font-medium" />
        )}
        <span className="ml-auto flex shrink-0 items-center gap-1.5 self-start">
          {call.batch !== undefined && <span className="text-[11px] text-fg-muted">batch {call.batch + 1}</span>}
          {call.phase === 'done' && call.startedAt !== undefined && (
            <span className="font-mono text-[11px] text-fg-muted">{formatDuration(call.output.durationMs)}</span>
          )}
          <span className="inline-flex min-w-20 justify-end">
            <Badge tone={status.tone} testId="call-status">
              {status.label}
            </Badge>
          </span>
        </span>
      </header>
      <AppDifferenceNotes callId={call.callId} />
      <ArgumentsDiff raw={call.rawArguments} repairs={call.repairs} />
      {streamedOnly && <StreamedText text={call.streamedArguments ?? ''} live={streaming} testId="streaming-arguments" mono />}
      {fromMessage.map((note) => (
        <p key={note} data-testid={note.startsWith(GENERATED_NOTE) ? 'argument-generated' : 'argument-from-message'} className="break-words text-[11px] text-fg-muted">
          {note}
        </p>
      ))}
      {caveats.length > 0 && (
        <p data-testid="argument-notes" className="break-words text-[11px] text-amber-600 dark:text-amber-400">
          arguments clamped: {caveats.join('; ')}
        </p>
      )}
      {showRestored && (
        <p className="text-[11px] text-fg-muted">
          Restored input (nulls for optional fields dropped):{' '}
          <code className="font-mono text-fg">{JSON.stringify(call.restoredInput)}</code>
        </p>
      )}
      {call.inputError && <ValidationIssues error={call.inputError} />}
      {call.permission && <PermissionBadge permission={call.permission} />}
      {call.phase === 'awaiting-approval' && (
        <ApprovalButtons
          callId={call.callId}
          reason={call.approvalRequest.reason === call.permission?.reason ? 'Run this call?' : call.approvalRequest.reason}
          onDecide={actions.decide}
        />
      )}
      {call.approvalResponse && (
        <p data-testid="approval-response" className={`text-[11px] ${call.approvalResponse.approved ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-600 dark:text-red-400'}`}>
          {describeApproval(call.approvalResponse)}
        </p>
      )}
      <ManualOutputEditor call={call} onAnswer={actions.answer} />
      {call.elicitations?.map((asked) => (
        <ElicitationCard key={asked.elicitationId} callId={call.callId} asked={asked} open={call.phase === 'running'} onAnswer={actions.elicit} />
      ))}
      <CallLogs call={call} />
      {call.phase === 'done' ? (
        <>
          <OutputViewer output={call.output} />
          {actions.forkWithOutput && call.output.status !== 'rejected' && (
            <ForkOutputEditor callId={call.callId} name={call.name} output={call.output.output} onFork={actions.forkWithOutput} />
          )}
        </>
      ) : (
        <p className="h-6 rounded border border-dashed border-border px-2 text-[11px] leading-6 text-fg-muted">
          {call.phase === 'running' ? 'Running…' : streamedOnly ? (streaming ? 'Arguments streaming…' : 'Not run: the response never completed.') : 'Waiting for output…'}
        </p>
      )}
    </article>
  );
}
