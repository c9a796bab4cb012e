import type { IntegrationEvent } from '../../integration/integration_event.js'
import { MessageTransport, type Subscription } from './message_transport.js'

/**
 * In-process delivery, the default, for development and tests. `publish` applies the event in
 * every subscribed consumer before it resolves, so the outbox row is marked sent only once each
 * consumer committed or dead-lettered it: a crash in between means the relay publishes it again.
 */
export class MemoryTransport extends MessageTransport {
  readonly name = 'memory'
  readonly #subscriptions = new Map<string, Subscription[]>()

  subscribe(subscription: Subscription): void {
    const forType = this.#subscriptions.get(subscription.type) ?? []
    forType.push(subscription)
    this.#subscriptions.set(subscription.type, forType)
  }

  async publish(event: IntegrationEvent<unknown>): Promise<void> {
    const failures: string[] = []
    for (const { consumer, deliver } of this.#subscriptions.get(event.type) ?? []) {
      try {
        await deliver(event)
      } catch (error) {
        failures.push(`${consumer}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    if (failures.length > 0) throw new Error(failures.join('; '))
  }

  async startConsuming(): Promise<void> {}

  async checkConnection(): Promise<void> {}

  async close(): Promise<void> {}
}
