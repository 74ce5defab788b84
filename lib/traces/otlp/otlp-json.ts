/**
 * The OTLP/HTTP JSON encoding of traces (opentelemetry-proto's `TracesData` as protobuf's JSON
 * mapping, with OTLP's own rules): trace and span ids as lowercase hex, 64-bit integers and
 * nanosecond times as decimal strings, enums as numbers.
 */

/** An attribute value (`AnyValue`): exactly one field set. */
export type OtlpAnyValue =
  | { stringValue: string }
  | { boolValue: boolean }
  /** int64: a decimal string, as OTLP JSON writes 64-bit integers. */
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: OtlpAnyValue[] } }
  | { kvlistValue: { values: OtlpKeyValue[] } };

export type OtlpKeyValue = { key: string; value: OtlpAnyValue };

/** `Span.SpanKind` values. */
export const OTLP_SPAN_KIND = { internal: 1, server: 2, client: 3, producer: 4, consumer: 5 } as const;

/** `Status.StatusCode` values. */
export const OTLP_STATUS_CODE = { unset: 0, ok: 1, error: 2 } as const;

export type OtlpStatus = { code: (typeof OTLP_STATUS_CODE)[keyof typeof OTLP_STATUS_CODE]; message?: string };

export type OtlpSpanEvent = { timeUnixNano: string; name: string; attributes: OtlpKeyValue[] };

export type OtlpSpan = {
  /** 32 hex digits. */
  traceId: string;
  /** 16 hex digits. */
  spanId: string;
  /** Absent on a root span. */
  parentSpanId?: string;
  name: string;
  kind: (typeof OTLP_SPAN_KIND)[keyof typeof OTLP_SPAN_KIND];
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: OtlpKeyValue[];
  events?: OtlpSpanEvent[];
  status: OtlpStatus;
};

export type OtlpScopeSpans = { scope: { name: string; version?: string }; spans: OtlpSpan[] };

export type OtlpResourceSpans = { resource: { attributes: OtlpKeyValue[] }; scopeSpans: OtlpScopeSpans[] };

/** A whole OTLP JSON traces document: what an OTLP/HTTP collector's `/v1/traces` accepts as `application/json`. */
export type OtlpTraceDocument = { resourceSpans: OtlpResourceSpans[] };
