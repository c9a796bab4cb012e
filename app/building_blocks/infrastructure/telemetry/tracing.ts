import { suppressTracing } from '@opentelemetry/core'
import {
  context,
  ROOT_CONTEXT,
  type SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
} from '@opentelemetry/api'

/** Every span Pantheon makes comes from this tracer (the instrumentation scope of the kit). */
export const tracer = trace.getTracer('@pantheon/kit')

let active = false

/** Set once the SDK is started: until then, and in every app without it, no span is made. */
export function markTracingActive(on = true): void {
  active = on
}

/**
 * Whether spans are recorded. Callers check it before building attributes, so telemetry that is
 * off costs one boolean test per operation and no allocation.
 */
export function isTracing(): boolean {
  return active
}

export interface SpanOptions {
  kind?: SpanKind
  attributes?: Attributes
  /** The parent: the current context unless given (a stored trace context, for instance). */
  parent?: Context
  links?: Link[]
}

export function recordError(span: Span, error: unknown): void {
  if (error instanceof Error) span.recordException(error)
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  })
}

/**
 * Runs background work (the relay's passes, the backlog gauge's reads) outside any trace and without
 * spans of the database instrumentation: a relay polls every second, and a trace per poll
 * would bury the ones that matter. Spans given an explicit parent still record.
 */
export function outsideTraces<T>(work: () => Promise<T>): Promise<T> {
  if (!active) return work()
  return context.with(suppressTracing(ROOT_CONTEXT), work)
}
