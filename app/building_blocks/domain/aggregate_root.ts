import type { DomainEvent } from './domain_event.js'

/**
 * An aggregate root records the domain events it raises; the application layer pulls them
 * after the aggregate is saved, so raising an event never performs I/O.
 */
export abstract class AggregateRoot<TId> {
  readonly #domainEvents: DomainEvent[] = []

  protected constructor(readonly id: TId) {}

  protected raise(event: DomainEvent): void {
    this.#domainEvents.push(event)
  }

  /** Returns the events raised since the last pull and forgets them. */
  pullDomainEvents(): DomainEvent[] {
    return this.#domainEvents.splice(0, this.#domainEvents.length)
  }
}
