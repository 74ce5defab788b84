// Traces in and out: an app's trace imported as a session (`importTrace`, then `recordTraceSession`
// on the server's turn path), a session exported as an OTLP JSON trace (GenAI semantic conventions),
// and the OTLP JSON encoding both share.
export { describeTraceFileName, exportSessionTrace, PLAYGROUND_AGENT_NAME, TRACE_EXPORT_SCOPE } from './export';
export type { GenAiMessage, GenAiOutputMessage, GenAiPart, GenAiToolDefinition } from './export';
export { createSpanId, createTraceId, decodeOtlpAttributes, decodeOtlpValue, encodeOtlpAttributes, encodeOtlpValue, OTLP_SPAN_KIND, OTLP_STATUS_CODE, toUnixNanos } from './otlp';
export type { AttributeInput, OtlpAnyValue, OtlpKeyValue, OtlpResourceSpans, OtlpScopeSpans, OtlpSpan, OtlpSpanEvent, OtlpStatus, OtlpTraceDocument } from './otlp';
export { convertTraceText } from './convert-trace-text';
export type { ConvertedTrace, TraceConversion, TraceConversionAnswers } from './convert-trace-text';
export { APP_RAN_APPROVAL, importTrace, noteAppDifferences, recordTraceSession, TRACE_LIMITS } from './import';
export type { TraceAppCall, TraceFormat, TraceImport, TraceNote, TraceTurnRunner } from './import';
