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
   * Time the module's top-level code may take while it is evaluated: a 1,223-tool module takes
   * ~0.5 s on an idle core and several times that on a loaded one.
   */
  moduleEvaluationMs: 4000,
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
  /** Tools one module may define. */
  toolsPerModule: 1500,
  /** One tool's parameter (or output) schema as JSON: what Ajv compiles and the schema panel shows. */
  schemaBytesPerTool: 512 * 1024,
  /** The module description (specs and schemas as JSON) the sandbox may hand back. */
  describedModuleBytes: 8 * 1024 * 1024,
} as const;
