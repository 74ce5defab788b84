// A session as an OTLP JSON trace with the OpenTelemetry GenAI semantic conventions.
export { describeTraceFileName, exportSessionTrace, TRACE_EXPORT_SCOPE } from './export-session-trace';
export { PLAYGROUND_AGENT_NAME } from './build-turn-spans';
export type { GenAiMessage, GenAiOutputMessage, GenAiPart } from './genai-messages';
export type { GenAiToolDefinition } from './read-tool-definitions';
