export type AnswerByHandToggleProps = {
  /** `hasExecute: false` (a tool without execute) fixes the toggle on. */
  tool: { qualifiedName: string; hasExecute?: boolean };
  /** The tool's qualified names currently switched to be answered by hand. */
  answerByHand: readonly string[];
  onToggle: (tool: string, enabled: boolean) => void;
};

/** Switches a tool between running its execute and having a person type each call's output. */
export function AnswerByHandToggle({ tool, answerByHand, onToggle }: AnswerByHandToggleProps) {
  const fixed = tool.hasExecute === false;
  const checked = fixed || answerByHand.includes(tool.qualifiedName);
  const title = fixed
    ? 'This tool has no execute: a person types the output of every call.'
    : 'Answer calls of this tool by hand: its execute does not run, you type the output the model receives.';
  return (
    <label title={title} className={`flex items-center gap-1 text-[10.5px] select-none ${fixed ? 'text-fg-muted' : 'cursor-pointer text-fg-muted hover:text-fg'}`}>
      <input
        type="checkbox"
        data-testid={`answer-by-hand-${tool.qualifiedName}`}
        checked={checked}
        disabled={fixed}
        onChange={(event) => onToggle(tool.qualifiedName, event.target.checked)}
        className="size-3 accent-violet-600"
      />
      {fixed ? 'answered by hand' : 'by hand'}
    </label>
  );
}
