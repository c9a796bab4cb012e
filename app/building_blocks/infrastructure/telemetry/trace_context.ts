import { propagation, ROOT_CONTEXT, type Context } from '@opentelemetry/api'
import type { TraceContext } from '../../integration/integration_event.js'

/** The W3C trace context of the span active in `active`, if there is one. */
export function traceContextOf(active: Context): TraceContext | undefined {
  const carrier: Record<string, string> = {}
  propagation.inject(active, carrier)
  if (!carrier.traceparent) return undefined
  return carrier.tracestate
    ? { traceparent: carrier.traceparent, tracestate: carrier.tracestate }
    : { traceparent: carrier.traceparent }
}

/**
 * The context a stored trace context stands for, to parent a span that continues the trace in
 * another place or process (the relay, a consumer, a replay). Without one, a new trace starts.
 */
export function contextFrom(stored: TraceContext | undefined): Context {
  if (!stored?.traceparent) return ROOT_CONTEXT
  return propagation.extract(ROOT_CONTEXT, { ...stored })
}
