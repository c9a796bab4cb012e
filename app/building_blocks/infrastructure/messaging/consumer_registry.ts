import type { Subscription } from './message_transport.js'

/**
 * Every consumer of the app, registered by its module at boot. The transport subscribes them
 * all when it is created, and the dead-letter replay finds a consumer here by name. Adding a
 * consumer after the transport exists would silently never deliver to it, so that is refused.
 */
export class ConsumerRegistry {
  readonly #byName = new Map<string, Subscription>()
  #sealed = false

  add(subscription: Subscription): void {
    if (this.#sealed) {
      throw new Error(
        `${subscription.consumer} registered after the transport started; register consumers at boot`
      )
    }
    if (this.#byName.has(subscription.consumer)) {
      throw new Error(`Two consumers are named ${subscription.consumer}`)
    }
    this.#byName.set(subscription.consumer, subscription)
  }

  get(consumer: string): Subscription | undefined {
    return this.#byName.get(consumer)
  }

  /** The subscriptions, once: from then on the set is final. */
  seal(): Subscription[] {
    this.#sealed = true
    return [...this.#byName.values()]
  }
}
