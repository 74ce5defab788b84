// Replay's browser-safe face: comparing a replay's events with the recording, describing what
// differed, and rendering the exported test. What runs turns lives in `./server`.
export { compareTurnEvents, MAX_DIFFERENCES_PER_TURN } from './compare-session-events';
export type { CompareOptions } from './compare-session-events';
export { describeTurnReplay } from './describe-turn-replay';
export { readComparedSides } from './read-compared-sides';
export { BUNDLED_RUNTIME_FILE, renderAssertionTestFile } from './render-assertion-test';
export type { RenderAssertionTestOptions } from './render-assertion-test';
export { EXPORT_FILES, renderPortableTestExport } from './render-portable-test-export';
export { renderEvaluationTestFile } from './render-evaluation-test';
export type { ExportedEvaluationRun, RenderEvaluationTestOptions } from './render-evaluation-test';
export type { ExportedFile, ExportRuntime, PortableTestExport, PortableTestExportOptions } from './render-portable-test-export';
export { createSessionReplay } from './create-session-replay';
export type { ReplayStep, SessionReplay, TapedTurn } from './create-session-replay';
export { openStoredReplay } from './open-stored-replay';
export type { HeldReplay, ReplayOpener } from './open-stored-replay';
export type { ReplayReport, TurnReplayVerdict } from './replay-report';
export { replaySession } from './replay-session';
export { isStoppedOffTape } from './is-stopped-off-tape';
export type { ReplayTurnRunner } from './replay-session';
export { compareSessionTexts, parseStoredSession, useStoredSessionText } from './use-stored-session-text';
export type { SessionComparison, SessionTextAnswers, SessionTextRunner, SessionTextUse, StoredSessionText } from './use-stored-session-text';
