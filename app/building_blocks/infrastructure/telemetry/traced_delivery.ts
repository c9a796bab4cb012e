import type { EventDelivery, Subscription } from '../messaging/message_transport.js'
import { contextFrom } from './trace_context.js'
import { inSpan, isTracing, SpanKind } from './tracing.js'

/**
 * A consumer's delivery inside a consumer span that continues the event's trace: the span's
 * parent is the trace context the event carries, whichever process or transport delivers it,
 * so retries, redeliveries and replays of a dead letter all join the request that caused it.
 */
export function tracedDelivery(
  subscription: Pick<Subscription, 'type' | 'consumer' | 'module'>,
  system: string,
  deliver: EventDelivery,
  operation: 'consume' | 'replay' = 'consume'
): EventDelivery {
  return (event) => {
    if (!isTracing()) return deliver(event)
    const name = operation === 'consume' ? 'broker consume' : 'dead letter replay'
    return inSpan(
      `${name} ${event.type}`,
      {
        kind: SpanKind.CONSUMER,
        parent: contextFrom(event.traceContext),
        attributes: {
          'messaging.system': system,
          'messaging.operation.type': operation === 'consume' ? 'process' : 'receive',
          'messaging.destination.name': event.type,
          'messaging.message.id': event.eventId,
          'messaging.message.conversation_id': event.correlationId,
          'pantheon.module': subscription.module,
          'pantheon.consumer': subscription.consumer,
          'pantheon.event.type': event.type,
        },
      },
      () => deliver(event)
    )
  }
}
