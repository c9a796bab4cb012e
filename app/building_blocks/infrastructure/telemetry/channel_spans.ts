import type { TracingChannel } from 'node:diagnostics_channel'
import { context, trace, type Context, type Span } from '@opentelemetry/api'
import type { TracedMessage } from '../diagnostics/channels.js'
import { recordError, tracer, type SpanOptions } from './tracing.js'

/** What Node adds to a tracing channel's message once the operation settled. */
type Settled<M> = M & { error?: unknown }

/** How the messages of one tracing channel become spans. */
interface SpanRecipe<M extends TracedMessage> {
  name(message: M): string
  options?(message: M): SpanOptions
  /** Once the span is made, with the context in which it is active (before the operation). */
  started?(span: Span, message: M, active: Context): void
  /** Once the operation settled, before the span ends. */
  settled?(span: Span, message: Settled<M>): void
}

/**
 * Makes a span of every operation published on `channel`: started at `start` under the current
 * context (or `options.parent`), active while the operation runs (through the message's
 * `within`), marked failed on `error`, ended at `asyncEnd`. Returns what unsubscribes it.
 */
export function spansOn<M extends TracedMessage>(
  channel: TracingChannel<unknown, M>,
  recipe: SpanRecipe<M>
): () => void {
  const spans = new WeakMap<object, Span>()
  const start = (received: unknown) => {
    const message = received as M
    const options = recipe.options?.(message) ?? {}
    const parent = options.parent ?? context.active()
    const { kind, attributes, links } = options
    const span = tracer.startSpan(recipe.name(message), { kind, attributes, links }, parent)
    spans.set(message, span)
    const active = trace.setSpan(parent, span)
    recipe.started?.(span, message, active)
    const outer = message.within
    message.within = (operation) =>
      context.with(active, () => (outer ? outer(operation) : operation()))
  }
  const error = (received: unknown) => {
    const span = spans.get(received as object)
    if (span) recordError(span, (received as Settled<M>).error)
  }
  const asyncEnd = (received: unknown) => {
    const span = spans.get(received as object)
    if (!span) return
    spans.delete(received as object)
    recipe.settled?.(span, received as Settled<M>)
    span.end()
  }
  return subscribeTo(channel, { start, error, asyncEnd })
}

type Handlers = Partial<Record<'start' | 'error' | 'asyncEnd', (message: unknown) => void>>

/** Subscribes handlers to some events of a tracing channel; returns what unsubscribes them. */
export function subscribeTo(channel: TracingChannel<unknown, object>, handlers: Handlers) {
  const entries = Object.entries(handlers) as [keyof Handlers, (message: unknown) => void][]
  for (const [event, handler] of entries) channel[event].subscribe(handler)
  return () => {
    for (const [event, handler] of entries) channel[event].unsubscribe(handler)
  }
}
