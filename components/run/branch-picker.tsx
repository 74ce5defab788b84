'use client';

import type { ConversationState } from '@/lib/client';
import { INPUT_CLASS } from '@/components/ui/field';

export type BranchPickerProps = {
  conversation: ConversationState;
  disabled: boolean;
  onSelect: (branchId: number) => void;
};

/** Which branch of the conversation is shown and continued; only there once a message was edited. */
export function BranchPicker({ conversation, disabled, onSelect }: BranchPickerProps) {
  if (conversation.branches.length < 2) return null;
  return (
    <label className="flex items-center gap-1">
      <span>Branch</span>
      <select
        data-testid="branch-picker"
        className={`${INPUT_CLASS} h-6 w-auto py-0`}
        disabled={disabled}
        value={conversation.activeBranchId}
        onChange={(event) => onSelect(Number(event.target.value))}
      >
        {conversation.branches.map((branch, index) => (
          <option key={branch.id} value={branch.id}>
            {index + 1} of {conversation.branches.length}
            {branch.forkedFrom ? ` · turn ${branch.forkedFrom.turn + 1} edited` : ' · original'} · {branch.turns.length} turn{branch.turns.length === 1 ? '' : 's'}
          </option>
        ))}
      </select>
    </label>
  );
}
