import type { EventDelivery, Subscription } from './message_transport.js'
import { consumerDeliver, traced } from '../diagnostics/channels.js'

/**
 * A consumer's delivery published on `pantheon:consumer.deliver`, around all its tries: the
 * telemetry makes it the consumer span that continues the event's trace, whichever process or
 * transport delivers it (and a replay of a dead letter).
 */
export function observedDelivery(
  subscription: Pick<Subscription, 'consumer' | 'module'>,
  system: string,
  deliver: EventDelivery,
  operation: 'consume' | 'replay' = 'consume'
): EventDelivery {
  return (event) => {
    if (!consumerDeliver.hasSubscribers) return deliver(event)
    const { module, consumer } = subscription
    return traced(consumerDeliver, { operation, system, module, consumer, event }, () =>
      deliver(event)
    )
  }
}
