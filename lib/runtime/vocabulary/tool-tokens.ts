/** Tokens of the tools payload the model sees now, and what it would be with every tool loaded up front. */
export type ToolTokens = { sent: number; allLoaded: number };
