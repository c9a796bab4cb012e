import type { IntegrationEvent } from '../../integration/integration_event.js'
import type { EventDelivery, MessageTransport } from './message_transport.js'

/** In-process delivery, the default: same semantics as a broker, for development and tests. */
export class MemoryTransport implements MessageTransport {
  readonly name = 'memory'
  readonly #subscribers = new Map<string, Map<string, EventDelivery>>()

  subscribe(type: string, consumer: string, deliver: EventDelivery): void {
    const consumers = this.#subscribers.get(type) ?? new Map<string, EventDelivery>()
    consumers.set(consumer, deliver)
    this.#subscribers.set(type, consumers)
  }

  async publish(event: IntegrationEvent<unknown>): Promise<void> {
    const failures: string[] = []
    for (const [consumer, deliver] of this.#subscribers.get(event.type) ?? []) {
      try {
        await deliver(event)
      } catch (error) {
        failures.push(`${consumer}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    if (failures.length > 0) throw new Error(failures.join('; '))
  }

  async close(): Promise<void> {}
}
