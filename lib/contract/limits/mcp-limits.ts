import { SANDBOX_LIMITS } from './sandbox-limits';

/**
 * Bounds on what an MCP server may cost this server and what a request may name. The README's
 * limits table lists each with the message a user gets.
 */
export const MCP_LIMITS = {
  /** Servers one turn or direct call may name. */
  serversPerRequest: 8,
  /** A visitor server's URL. */
  urlChars: 2048,
  /** Headers sent to one server (`Authorization`, API keys…). */
  headersPerServer: 20,
  headerNameChars: 100,
  headerValueChars: 8192,
  /** Tools one server may list; a longer listing is refused, not cut. */
  toolsPerServer: 1000,
  /** One server's whole listing as JSON, over all its pages: what is described in the worker pool and offered per turn. */
  listingBytes: 4 * 1024 * 1024,
  /** Pages of `tools/list` read before the listing is refused (a cursor that never ends). */
  listPages: 50,
  /** One HTTP response (a JSON answer or the whole of an event stream) from a server. */
  responseBytes: 10 * 1024 * 1024,
  /** Connecting: the handshake (initialize or server/discover). */
  connectMs: 15_000,
  /** Listing every page of tools. */
  listMs: 30_000,
  /** A call of a server tool, unless its namespace's setting is shorter: the tool's wall deadline. */
  callMs: SANDBOX_LIMITS.defaultWallDeadlineMs,
  /** Times one server is listed again in a turn after it said its tools changed (`notifications/tools/list_changed`); later notices are ignored. */
  relistsPerTurn: 10,
  /** Server tool calls one turn may make. */
  callsPerTurn: 100,
  /** What a call's result may become as model-visible output. */
  outputBytes: SANDBOX_LIMITS.outputBytes,
  /** Progress notifications kept as log lines per call (the rest are counted, not shown). */
  progressLinesPerCall: 50,
  /** Questions (elicitations) one call's server may ask a person; a further one is refused. */
  questionsPerCall: 10,
  /** Servers an operator's mcp.json may list. */
  operatorServers: 50,
} as const;
