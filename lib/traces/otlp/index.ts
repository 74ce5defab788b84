// OTLP/HTTP JSON traces: the document's types and the encoding of ids, times and attributes.
export { createSpanId, createTraceId } from './create-trace-ids';
export { encodeOtlpAttributes, encodeOtlpValue, type AttributeInput } from './encode-otlp-attributes';
export { OTLP_SPAN_KIND, OTLP_STATUS_CODE } from './otlp-json';
export type { OtlpAnyValue, OtlpKeyValue, OtlpResourceSpans, OtlpScopeSpans, OtlpSpan, OtlpSpanEvent, OtlpStatus, OtlpTraceDocument } from './otlp-json';
export { toUnixNanos } from './to-unix-nanos';
export { decodeOtlpAttributes, decodeOtlpValue } from './decode-otlp-attributes';
