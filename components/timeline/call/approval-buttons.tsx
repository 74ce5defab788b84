'use client';

import { useRef, useState } from 'react';

export type ApprovalButtonsProps = {
  callId: string;
  reason: string;
  onDecide: (callId: string, approved: boolean, reason?: string) => void;
};

/** Inline Approve / Deny for a call waiting on a human; disabled once a decision is sent. */
export function ApprovalButtons({ callId, reason, onDecide }: ApprovalButtonsProps) {
  const [sent, setSent] = useState<boolean | null>(null);
  // The reason goes with a denial: the model reads it in the call's output ("a human denied it: …").
  const [why, setWhy] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const decide = (approved: boolean) => {
    setSent(approved);
    // The buttons disable themselves; focus stays on this decision instead of falling to <body>.
    rootRef.current?.focus();
    onDecide(callId, approved, approved ? undefined : why.trim() || undefined);
  };
  return (
    <div ref={rootRef} tabIndex={-1} className="flex flex-wrap items-center gap-2 rounded border border-violet-200 bg-violet-50 px-2 py-1.5 text-xs dark:border-violet-900 dark:bg-violet-950/40">
      <span className="mr-auto text-violet-900 dark:text-violet-200">{reason}</span>
      <button
        type="button"
        data-testid={`approve-${callId}`}
        disabled={sent !== null}
        onClick={() => decide(true)}
        className="rounded bg-emerald-600 px-2.5 py-0.5 font-medium text-white hover:bg-emerald-700 disabled:opacity-50"
      >
        {sent === true ? 'Approving…' : 'Approve'}
      </button>
      <input
        data-testid={`denial-reason-${callId}`}
        aria-label="Reason for denying (optional, the model sees it)"
        placeholder="reason to deny (optional)"
        value={why}
        disabled={sent !== null}
        maxLength={2000}
        onChange={(event) => setWhy(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') decide(false);
        }}
        className="h-6 w-40 min-w-0 rounded border border-violet-200 bg-panel px-1.5 text-[11px] dark:border-violet-900"
      />
      <button
        type="button"
        data-testid={`deny-${callId}`}
        disabled={sent !== null}
        onClick={() => decide(false)}
        className="rounded bg-red-600 px-2.5 py-0.5 font-medium text-white hover:bg-red-700 disabled:opacity-50"
      >
        {sent === false ? 'Denying…' : 'Deny'}
      </button>
    </div>
  );
}
