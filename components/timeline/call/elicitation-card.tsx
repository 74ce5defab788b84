'use client';

import { useMemo, useState } from 'react';
import type { ElicitationAnswerRequest } from '@/lib/contract';
import { checkElicitationContent, readElicitationForm, type CallElicitation } from '@/lib/runtime';
import type { CallActions } from './call-actions';
import { contentOf, ElicitationFieldInput, initialValues, type FieldValues } from './elicitation-fields';

const ACTION_TEXT = { accept: 'Accepted', decline: 'Declined', cancel: 'Cancelled' } as const;
const BY_TEXT = { human: 'by you', timeout: 'after no answer in time', abort: 'by Stop' } as const;

/**
 * A question the call's MCP server asked: while open, its form (fields from the requested
 * schema) or its link, with Accept / Decline / Cancel; afterwards, what was answered.
 */
export function ElicitationCard({ callId, asked, open, onAnswer }: { callId: string; asked: CallElicitation; open: boolean; onAnswer: CallActions['elicit'] }) {
  return (
    <section
      data-testid={`elicitation-${asked.elicitationId}`}
      data-mode={asked.mode}
      aria-label={`${asked.server} asks`}
      className="space-y-1.5 rounded border border-sky-200 bg-sky-50 px-2 py-1.5 text-xs dark:border-sky-900 dark:bg-sky-950/40"
    >
      <p className="text-sky-950 dark:text-sky-100">
        <span className="rounded bg-sky-200 px-1 font-mono text-[10px] text-sky-900 dark:bg-sky-900 dark:text-sky-100">{asked.server}</span> asks:{' '}
        <span className="whitespace-pre-wrap">{asked.message}</span>
      </p>
      {asked.response ? (
        <Answered response={asked.response} />
      ) : open ? (
        <OpenQuestion callId={callId} asked={asked} onAnswer={onAnswer} />
      ) : (
        <p className="text-[11px] text-fg-muted">Not answered.</p>
      )}
    </section>
  );
}

function Answered({ response }: { response: NonNullable<CallElicitation['response']> }) {
  const tone = response.action === 'accept' ? 'text-emerald-700 dark:text-emerald-400' : response.decidedBy === 'human' ? 'text-fg-muted' : 'text-red-600 dark:text-red-400';
  return (
    <div data-testid="elicitation-response" data-action={response.action} data-decided-by={response.decidedBy} className={`text-[11px] ${tone}`}>
      {ACTION_TEXT[response.action]} {BY_TEXT[response.decidedBy]}
      {response.content && <code className="ml-1 break-all font-mono text-fg">{JSON.stringify(response.content)}</code>}
    </div>
  );
}

function OpenQuestion({ callId, asked, onAnswer }: { callId: string; asked: CallElicitation; onAnswer: CallActions['elicit'] }) {
  const form = useMemo(() => (asked.mode === 'form' ? readElicitationForm(asked.requestedSchema ?? null) : undefined), [asked]);
  const fields = form?.ok ? form.value : [];
  const [values, setValues] = useState<FieldValues>(() => initialValues(fields));
  const [sending, setSending] = useState(false);
  const [shown, setShown] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const issues = asked.mode === 'form' ? checkElicitationContent(fields, contentOf(fields, values)) : [];
  const issueOf = (key: string) => (shown ? issues.find((issue) => issue.path === `/${key}`)?.message : undefined);
  const send = async (answer: ElicitationAnswerRequest) => {
    setSending(true);
    setFailure(null);
    const sent = await onAnswer(answer);
    if (!sent.ok) {
      setFailure(sent.error);
      setSending(false);
    }
  };
  const accept = () => {
    if (asked.mode === 'url') return void send({ elicitationId: asked.elicitationId, action: 'accept' });
    setShown(true);
    if (issues.length === 0) void send({ elicitationId: asked.elicitationId, action: 'accept', content: contentOf(fields, values) as Extract<ElicitationAnswerRequest, { action: 'accept' }>['content'] });
  };
  if (form && !form.ok) return <p className="text-[11px] text-red-700 dark:text-red-400">This form cannot be shown: {form.error}</p>;
  return (
    // The form's own checks (the server's bounds, with its words) replace the browser's tooltips.
    <form
      noValidate
      className="space-y-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        accept();
      }}
    >
      {asked.mode === 'url' && asked.url && (
        <p className="text-[11px]">
          Open this page yourself if you trust it:{' '}
          {/* A recorded question is a stranger's text: only an http(s) address becomes a link. */}
          {/^https?:\/\//i.test(asked.url) ? (
            <a data-testid={`elicitation-url-${callId}`} href={asked.url} target="_blank" rel="noopener noreferrer" className="break-all font-mono text-sky-700 underline dark:text-sky-300">
              {asked.url}
            </a>
          ) : (
            <span data-testid={`elicitation-url-${callId}`} className="break-all font-mono">
              {asked.url}
            </span>
          )}
        </p>
      )}
      {fields.length > 0 && (
        <div className="grid gap-x-3 gap-y-1.5 sm:grid-cols-2">
          {fields.map((field) => (
            <ElicitationFieldInput
              key={field.key}
              id={`${asked.elicitationId}-${field.key}`}
              field={field}
              value={values[field.key]}
              issue={issueOf(field.key)}
              disabled={sending}
              onChange={(value) => setValues((current) => ({ ...current, [field.key]: value }))}
            />
          ))}
        </div>
      )}
      {failure && (
        <p role="alert" data-testid="elicitation-failure" className="text-[11px] text-red-700 dark:text-red-400">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <span className="mr-auto text-[11px] text-fg-muted">{asked.mode === 'form' ? 'The server receives what you accept.' : 'The server only learns whether you went.'}</span>
        {/* The three answers wrap together, never one alone on a line. */}
        <span className="flex gap-2">
          <button type="submit" data-testid="elicitation-accept" disabled={sending} className="rounded bg-emerald-600 px-2.5 py-0.5 font-medium text-white hover:bg-emerald-700 disabled:opacity-50">
            {asked.mode === 'url' ? 'I opened it' : 'Accept'}
          </button>
          <button type="button" data-testid="elicitation-decline" disabled={sending} onClick={() => void send({ elicitationId: asked.elicitationId, action: 'decline' })} className="rounded bg-red-600 px-2.5 py-0.5 font-medium text-white hover:bg-red-700 disabled:opacity-50">
            Decline
          </button>
          <button type="button" data-testid="elicitation-cancel" disabled={sending} onClick={() => void send({ elicitationId: asked.elicitationId, action: 'cancel' })} className="rounded border border-border bg-panel px-2.5 py-0.5 font-medium hover:bg-panel-muted disabled:opacity-50">
            Cancel
          </button>
        </span>
      </div>
    </form>
  );
}
