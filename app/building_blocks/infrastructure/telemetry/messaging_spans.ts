import { ROOT_CONTEXT, SpanKind, type SpanContext } from '@opentelemetry/api'
import {
  consumerDeliver,
  deadLetter,
  inboxApply,
  inboxCheck,
  outboxWrite,
  relayClaim,
  relayPass,
  relayPublish,
  type InboxMessage,
  type RelayClaimMessage,
  type RelayPassMessage,
} from '../diagnostics/channels.js'
import { spansOn, subscribeTo } from './channel_spans.js'
import { countDeadLettered, countPublished } from './messaging_metrics.js'
import { contextFrom, traceContextOf } from './trace_context.js'
import { outsideTraces, recordError, tracer } from './tracing.js'

/**
 * The spans of the outbox, the relay and the consumers, made from what the core publishes on
 * its channels (diagnostics/channels.ts). Returns what unsubscribes them all.
 */
export function traceMessaging(): () => void {
  const claims = new WeakMap<RelayClaimMessage, SpanContext>()
  const stops = [
    spansOn(outboxWrite, {
      name: ({ type }) => `outbox write ${type}`,
      options: ({ module, type, version }) => ({
        kind: SpanKind.INTERNAL,
        attributes: {
          'pantheon.module': module,
          'pantheon.event.type': type,
          'pantheon.event.version': version,
        },
      }),
      // The relay and the consumers descend from the outbox write's span.
      started: (_span, message, active) => (message.traceContext = traceContextOf(active)),
      settled: (span, { result }) => {
        if (result !== undefined) span.setAttribute('pantheon.event.id', result)
      },
    }),
    keepRelayPassesOutOfTraces(),
    traceClaims(claims),
    spansOn(relayPublish, {
      name: ({ type }) => `relay publish ${type}`,
      options: (message) => {
        const claimedBy = message.claim && claims.get(message.claim)
        return {
          kind: SpanKind.PRODUCER,
          // However late and wherever the row is published, under the context it stored.
          parent: contextFrom(message.storedTraceContext),
          links: claimedBy ? [{ context: claimedBy }] : undefined,
          attributes: {
            'messaging.system': message.system,
            'messaging.operation.type': 'send',
            'messaging.destination.name': message.type,
            'messaging.message.id': message.eventId,
            'pantheon.module': message.module,
            'pantheon.event.type': message.type,
            'pantheon.outbox.attempts': message.attempts,
          },
        }
      },
      // Consumers continue the trace from this publish, so their spans are its children.
      started: (_span, message, active) => (message.traceContext = traceContextOf(active)),
      settled: (span, message) => {
        if ('failure' in message) recordError(span, message.failure)
        if (message.result === false) span.setAttribute('pantheon.outbox.publish_failed', true)
        if (message.result === true)
          countPublished(message.type, message.module, message.occurredAt)
      },
    }),
    spansOn(consumerDeliver, {
      name: ({ operation, event }) =>
        `${operation === 'consume' ? 'broker consume' : 'dead letter replay'} ${event.type}`,
      options: ({ operation, system, module, consumer, event }) => ({
        kind: SpanKind.CONSUMER,
        parent: contextFrom(event.traceContext),
        attributes: {
          'messaging.system': system,
          'messaging.operation.type': operation === 'consume' ? 'process' : 'receive',
          'messaging.destination.name': event.type,
          'messaging.message.id': event.eventId,
          'messaging.message.conversation_id': event.correlationId,
          'pantheon.module': module,
          'pantheon.consumer': consumer,
          'pantheon.event.type': event.type,
        },
      }),
    }),
    spansOn(inboxCheck, {
      name: () => 'inbox check',
      options: (message) => ({ attributes: inboxAttributes(message) }),
      settled: (span, { result }) => {
        if (typeof result === 'boolean') span.setAttribute('pantheon.inbox.duplicate', !result)
      },
    }),
    spansOn(inboxApply, {
      name: () => 'consumer apply',
      options: (message) => ({ attributes: inboxAttributes(message) }),
    }),
    spansOn(deadLetter, {
      name: () => 'dead-letter',
      options: ({ module, consumer, eventId, type, attempts, reason }) => ({
        attributes: {
          'pantheon.module': module,
          'pantheon.consumer': consumer,
          'pantheon.event.id': eventId,
          'pantheon.event.type': type,
          'pantheon.delivery.attempts': attempts,
          'pantheon.delivery.error': reason instanceof Error ? reason.message : String(reason),
        },
      }),
      settled: (_span, message) => {
        if (!('error' in message)) countDeadLettered(message.type, message.module, message.consumer)
      },
    }),
  ]
  return () => stops.forEach((stop) => stop())
}

function inboxAttributes({ module, consumer, type, eventId }: InboxMessage) {
  return {
    'pantheon.module': module,
    'pantheon.consumer': consumer,
    'pantheon.event.type': type,
    'pantheon.event.id': eventId,
  }
}

/**
 * A relay pass serves every request's events, so it belongs to none of their traces: it runs
 * outside any (outsideTraces), and only spans given an explicit parent (its claims and
 * publishes) record.
 */
function keepRelayPassesOutOfTraces(): () => void {
  return subscribeTo(relayPass, {
    start: (received) => {
      const message = received as RelayPassMessage
      const outer = message.within
      message.within = (operation) => outsideTraces(() => (outer ? outer(operation) : operation()))
    },
  })
}

/**
 * Only claims that found rows become spans (`outbox relay claim`, a root of its own, from the
 * claim's start): an idle relay polls every second. Publish spans link to their claim.
 */
function traceClaims(claims: WeakMap<RelayClaimMessage, SpanContext>): () => void {
  const started = new WeakMap<object, Date>()
  return subscribeTo(relayClaim, {
    start: (message) => started.set(message as object, new Date()),
    asyncEnd: (received) => {
      const message = received as RelayClaimMessage
      const startTime = started.get(message)
      started.delete(message)
      const claimed = message.result?.length ?? 0
      if (claimed === 0) return
      const span = tracer.startSpan(
        'outbox relay claim',
        { startTime, attributes: { 'pantheon.outbox.claimed': claimed } },
        ROOT_CONTEXT
      )
      span.end()
      claims.set(message, span.spanContext())
    },
  })
}
