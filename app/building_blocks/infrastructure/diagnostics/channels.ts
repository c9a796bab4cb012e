import { channel, tracingChannel, type TracingChannel } from 'node:diagnostics_channel'
import type { IntegrationEvent, TraceContext } from '../../integration/integration_event.js'

/*
 * What the kit's core tells observers, on Node's `diagnostics_channel` (as bentocache does):
 * tracing channels around each operation (`start`, `end`, `asyncStart`, `asyncEnd`, `error`
 * events carrying one message object, with `result` or `error` added by Node), and plain
 * channels for facts without a duration. The core imports no tracer: the OpenTelemetry layer
 * (infrastructure/telemetry) subscribes when telemetry starts, and any other tooling may
 * subscribe by the same names. A channel nobody subscribes to costs one property read: callers
 * test `hasSubscribers` before they make a message.
 */

/**
 * What a subscriber may add to any traced operation. The OpenTelemetry context lives in an
 * AsyncLocalStorage its context manager owns and no public API hands out, so `bindStore` cannot
 * make a span the active one; instead a `start` subscriber sets `within`, and the core runs the
 * operation through it (the OpenTelemetry layer runs it with its span active, so queries and
 * nested operations become the span's children). A second subscriber wraps the first one's.
 */
export interface TracedMessage {
  within?: <T>(operation: () => Promise<T>) => Promise<T>
}

/** Runs `operation` on `on`, through the `within` a subscriber set, if any. */
export function traced<M extends TracedMessage, T>(
  on: TracingChannel<unknown, M>,
  message: M,
  operation: () => Promise<T>
): Promise<T> {
  return on.tracePromise(
    async () => (message.within ? message.within(operation) : operation()),
    message
  )
}

/** `mediator.send` or `mediator.query` of one message, around its whole pipeline. */
export interface MediatorSendMessage extends TracedMessage {
  readonly module: string
  /** The command's or query's class name. */
  readonly name: string
  readonly kind: 'command' | 'query'
  /** Set by Node: the Result the pipeline answered. */
  result?: { ok: true } | { ok: false; error: { kind: string; code: string } }
}
export const mediatorSend = tracingChannel<unknown, MediatorSendMessage>('pantheon:mediator.send')

/** The commit of a command's transaction (a message with no facts of its own). */
export const unitOfWorkCommit = tracingChannel<unknown, TracedMessage>(
  'pantheon:unit_of_work.commit'
)

/** An integration event written to the outbox, inside the command's transaction. */
export interface OutboxWriteMessage extends TracedMessage {
  /** The publishing module. */
  readonly module: string
  readonly type: string
  readonly version: number
  /**
   * Set by a `start` subscriber: the trace context stored with the row, which the relay and the
   * consumers continue. Unset, the row keeps the request's own `traceparent`, if it sent one.
   */
  traceContext?: TraceContext
  /** Set by Node: the event id. */
  result?: string
}
export const outboxWrite = tracingChannel<unknown, OutboxWriteMessage>('pantheon:outbox.write')

/** A relay pass: claims, publishes and bookkeeping until no row is due (every poll and wake). */
export type RelayPassMessage = TracedMessage
export const relayPass = tracingChannel<unknown, RelayPassMessage>('pantheon:relay.pass')

/** The relay claiming due outbox rows (with a lease), idle polls included. */
export interface RelayClaimMessage extends TracedMessage {
  /** Set by Node: the rows claimed (an idle poll claims none). */
  result?: readonly unknown[]
}
export const relayClaim = tracingChannel<unknown, RelayClaimMessage>('pantheon:relay.claim')

/** One try to hand an outbox row to the transport. */
export interface RelayPublishMessage extends TracedMessage {
  /** The transport's name: `memory`, `redis`, `rabbitmq`. */
  readonly system: string
  /** The publishing module. */
  readonly module: string
  readonly type: string
  readonly eventId: string
  /** When the outbox row was written, as the database driver read it (ISO 8601 or a Date). */
  readonly occurredAt: string | Date
  /** Failed tries before this one. */
  readonly attempts: number
  /** The trace context stored with the row, if any. */
  readonly storedTraceContext?: TraceContext
  /** The claim this row came from: the message of its `pantheon:relay.claim`. */
  readonly claim?: RelayClaimMessage
  /**
   * Set by a `start` subscriber: the trace context the event carries to its consumers (the
   * stored one when unset).
   */
  traceContext?: TraceContext
  /** Set by the relay when the transport refused the event (it is tried again later). */
  failure?: unknown
  /** Set by Node: whether the event was handed over. */
  result?: boolean
}
export const relayPublish = tracingChannel<unknown, RelayPublishMessage>('pantheon:relay.publish')

/** One delivery of an event to one consumer, around all its tries; or a dead letter's replay. */
export interface ConsumerDeliverMessage extends TracedMessage {
  readonly operation: 'consume' | 'replay'
  /** The transport's name (`dead-letters` for a replay). */
  readonly system: string
  /** The consuming module. */
  readonly module: string
  readonly consumer: string
  readonly event: IntegrationEvent<unknown>
}
export const consumerDeliver = tracingChannel<unknown, ConsumerDeliverMessage>(
  'pantheon:consumer.deliver'
)

/** Facts of one consumer's inbox step for one event. */
export interface InboxMessage extends TracedMessage {
  /** The consuming module. */
  readonly module: string
  readonly consumer: string
  readonly type: string
  readonly eventId: string
  /** Set by Node on `pantheon:inbox.check`: false when the event was already applied. */
  result?: boolean | void
}
/** The inbox insert of one try, which finds a redelivery already applied. */
export const inboxCheck = tracingChannel<unknown, InboxMessage>('pantheon:inbox.check')
/** The consumer's `handle`, in the inbox's transaction. */
export const inboxApply = tracingChannel<unknown, InboxMessage>('pantheon:inbox.apply')

/** Recording a dead letter after the last try (or a message the transport could not read). */
export interface DeadLetterMessage extends TracedMessage {
  readonly module: string
  readonly consumer: string
  readonly type: string
  readonly eventId: string
  readonly attempts: number
  /** Why the event became a dead letter (Node's own `error` is the recording's failure). */
  readonly reason: unknown
}
export const deadLetter = tracingChannel<unknown, DeadLetterMessage>(
  'pantheon:consumer.dead_letter'
)

/** Plain channel: a consumer applied an event (or found it applied), a replay included. */
export interface ConsumerAppliedMessage {
  readonly module: string
  readonly consumer: string
  readonly type: string
}
export const consumerApplied = channel('pantheon:consumer.applied')

/** Plain channel: a broker dropped `count` events a consumer had not acknowledged. */
export interface EventsLostMessage {
  readonly type: string
  readonly consumer: string
  readonly count: number
}
export const eventsLost = channel('pantheon:events.lost')

/**
 * Plain channel: a module endpoint received a request, published in the request's own async
 * context before the handler runs (the OpenTelemetry layer names the server span after it).
 */
export interface EndpointRequestMessage {
  readonly module: string
  readonly method: string
  /** The route pattern, e.g. `/api/:version/catalog`. */
  readonly pattern: string
}
export const endpointRequest = channel('pantheon:endpoint.request')
