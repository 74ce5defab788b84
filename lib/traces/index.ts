// Traces in and out: a session exported as an OTLP JSON trace (GenAI semantic conventions), and the
// OTLP JSON encoding it shares.
export { describeTraceFileName, exportSessionTrace, PLAYGROUND_AGENT_NAME, TRACE_EXPORT_SCOPE } from './export';
export type { GenAiMessage, GenAiOutputMessage, GenAiPart, GenAiToolDefinition } from './export';
export { createSpanId, createTraceId, encodeOtlpAttributes, encodeOtlpValue, OTLP_SPAN_KIND, OTLP_STATUS_CODE, toUnixNanos } from './otlp';
export type { AttributeInput, OtlpAnyValue, OtlpKeyValue, OtlpResourceSpans, OtlpScopeSpans, OtlpSpan, OtlpSpanEvent, OtlpStatus, OtlpTraceDocument } from './otlp';
export { convertTraceText } from './convert-trace-text';
export type { TraceConversion, TraceConversionAnswers } from './convert-trace-text';
