/** Generated source text and what did not carry over. */
export type CodeExport = { text: string; notes: string[] };
