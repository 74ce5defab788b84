import { AsyncLocalStorage } from 'node:async_hooks';
import { context, ROOT_CONTEXT, type Context, type ContextManager, type Tracer } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { Attributes } from '@opentelemetry/api';
import { encodeOtlpAttributes, type AttributeInput, type OtlpSpan, type OtlpTraceDocument } from '@/lib/traces';

/**
 * Keeps the active span across awaits, as `@opentelemetry/context-async-hooks` does (not a
 * dependency here): without one, every span the SDKs start would be a root of its own trace.
 */
class AsyncContextManager implements ContextManager {
  private readonly storage = new AsyncLocalStorage<Context>();
  active(): Context {
    return this.storage.getStore() ?? ROOT_CONTEXT;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(active: Context, fn: F, thisArg?: ThisParameterType<F>, ...args: A): ReturnType<F> {
    return this.storage.run(active, () => fn.call(thisArg, ...args));
  }
  bind<T>(active: Context, target: T): T {
    if (typeof target !== 'function') return target;
    const run = (...args: unknown[]): unknown => this.with(active, () => (target as (...inner: unknown[]) => unknown)(...args));
    return run as T;
  }
  enable(): this {
    return this;
  }
  disable(): this {
    this.storage.disable();
    return this;
  }
}

let installed = false;

/** A tracer whose finished spans are kept in memory (the SDK's own exporter), and their OTLP JSON once the run is over. */
export function createSpanCapture(name = 'trace-fixture'): { tracer: Tracer; toDocument(): OtlpTraceDocument; spans(): ReadableSpan[] } {
  if (!installed) {
    context.setGlobalContextManager(new AsyncContextManager());
    installed = true;
  }
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { tracer: provider.getTracer(name), spans: () => exporter.getFinishedSpans(), toDocument: () => toOtlpDocument(exporter.getFinishedSpans()) };
}

/** Finished spans as an OTLP/HTTP JSON document, as the SDK's OTLP JSON exporter writes them. */
export function toOtlpDocument(spans: readonly ReadableSpan[]): OtlpTraceDocument {
  const scopes = new Map<string, OtlpSpan[]>();
  for (const span of spans) {
    const scope = span.instrumentationScope.name;
    scopes.set(scope, [...(scopes.get(scope) ?? []), toOtlpSpan(span)]);
  }
  return {
    resourceSpans: [
      {
        resource: { attributes: encodeOtlpAttributes({ 'service.name': 'trace-fixture' }) },
        scopeSpans: [...scopes].map(([name, list]) => ({ scope: { name }, spans: list })),
      },
    ],
  };
}

function toOtlpSpan(span: ReadableSpan): OtlpSpan {
  const parent = span.parentSpanContext?.spanId;
  return {
    traceId: span.spanContext().traceId,
    spanId: span.spanContext().spanId,
    ...(parent ? { parentSpanId: parent } : {}),
    name: span.name,
    kind: (span.kind + 1) as OtlpSpan['kind'],
    startTimeUnixNano: toNanos(span.startTime),
    endTimeUnixNano: toNanos(span.endTime),
    attributes: encodeOtlpAttributes(toAttributeInputs(span.attributes)),
    events: span.events.map((event) => ({ timeUnixNano: toNanos(event.time), name: event.name, attributes: encodeOtlpAttributes(toAttributeInputs(event.attributes ?? {})) })),
    status: { code: span.status.code as OtlpSpan['status']['code'], ...(span.status.message ? { message: span.status.message } : {}) },
  };
}

function toNanos([seconds, nanos]: readonly [number, number]): string {
  return (BigInt(seconds) * 1_000_000_000n + BigInt(nanos)).toString();
}

/** The SDK's attributes as the encoder takes them: arrays of other primitives as their text. */
function toAttributeInputs(attributes: Attributes): Record<string, AttributeInput> {
  return Object.fromEntries(Object.entries(attributes).map(([key, value]) => [key, Array.isArray(value) ? value.map((item) => String(item ?? '')) : (value as AttributeInput)]));
}
