export declare const EXPORT_RUNTIME_DIRECTORY: string;
/** Writes playground-replay.mjs, sandbox-worker.mjs and dependencies.json into `directory`; answers the dependencies. */
export declare function buildExportRuntime(directory?: string): Promise<Record<string, string>>;
