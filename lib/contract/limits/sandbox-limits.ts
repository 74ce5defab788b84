/**
 * Every budget of the sandbox, in one place: the README's limits table lists each of them with
 * the message a user gets. Sizes are bytes unless the name says otherwise.
 */
export const SANDBOX_LIMITS = {
  /** CPU a call (or a hook such as validation) may burn before it is interrupted. */
  cpuBudgetMs: 2000,
  /** The wall deadline of a call whose tool sets no `timeoutMs`: time spent waiting counts too. */
  defaultWallDeadlineMs: 30_000,
  /**
   * CPU time the module's top-level code may take while it is evaluated: a 1,223-tool module (1.9M
   * characters) takes ~0.7 s, a 2,700-tool one (3.8M) ~2.5 s. A module past a million characters
   * gets `moduleEvaluationMsPerMillionCharacters` more for each million, so an endless loop in a
   * small module is still stopped at 4 s while the largest module allowed gets 14 s.
   */
  moduleEvaluationMs: 4000,
  moduleEvaluationMsPerMillionCharacters: 2000,
  /** A tool module's source: Microsoft Graph's 2,700 operations import as 3.8M characters. */
  moduleCharacters: 6_000_000,
  /** QuickJS's own allocator limit per turn (objects, strings, arrays). */
  quickjsMemoryMegabytes: 64,
  /** The hard cap of a turn's own WebAssembly memory: typed arrays and big strings cannot pass it. */
  wasmMemoryMegabytes: 96,
  /** A tool output, as JSON. */
  outputBytes: 1024 * 1024,
  files: {
    count: 200,
    bytesPerFile: 1024 * 1024,
    /** All files of a conversation: they travel back with every turn request. */
    bytesPerConversation: 2 * 1024 * 1024,
  },
  log: {
    linesPerCall: 200,
    bytesPerCall: 64 * 1024,
    linesPerTurn: 1000,
    bytesPerTurn: 256 * 1024,
    /** One line longer than this is cut. */
    charactersPerLine: 10_000,
  },
  /** Tools one module may define: Microsoft Graph's v1.0 API has about 2,700 operations. */
  toolsPerModule: 4000,
  /** One tool's parameter (or output) schema as JSON: what Ajv compiles and the schema panel shows. */
  schemaBytesPerTool: 512 * 1024,
  /** The module description (specs and schemas as JSON) the sandbox may hand back: 4.8 MB for a 2,700-tool catalog. */
  describedModuleBytes: 12 * 1024 * 1024,
} as const;

/**
 * The CPU time a module of `characters` may take to evaluate: `moduleEvaluationMs`, and
 * `moduleEvaluationMsPerMillionCharacters` more per million characters past the first million.
 */
export function moduleEvaluationBudgetMs(characters: number): number {
  const beyond = Math.max(0, characters - 1_000_000);
  return SANDBOX_LIMITS.moduleEvaluationMs + Math.ceil((beyond / 1_000_000) * SANDBOX_LIMITS.moduleEvaluationMsPerMillionCharacters);
}
