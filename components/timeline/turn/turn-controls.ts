/** What a turn's bar offers: on `/s/<id>`, forking from it; in the playground, editing its message. */
export type TurnControls =
  | { kind: 'shared'; onFork: (turnIndex: number) => void; onRerunWithEdits?: (turnIndex: number) => void }
  | { kind: 'editable'; onRerun: (turnIndex: number, message: string) => void; disabled: boolean };
