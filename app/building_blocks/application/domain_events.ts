import type { AggregateRoot } from '../domain/aggregate_root.js'
import type { DomainEvent } from '../domain/domain_event.js'

/** Reacts, inside the same unit of work, to one kind of domain event of its module. */
export interface DomainEventHandler<TEvent extends DomainEvent> {
  handle(event: TEvent): Promise<void>
}

/** A domain event handler class: `static handles` names the event class it reacts to. */
export interface DomainEventHandlerClass {
  readonly handles: abstract new (...args: never[]) => DomainEvent
  new (...args: never[]): DomainEventHandler<DomainEvent>
}

/**
 * Hands a module's domain events to its handlers. The unit of work calls `dispatchFrom` before
 * it commits, so a handler's writes join the same transaction and a failing handler fails the
 * command and rolls everything back.
 */
export class DomainEventDispatcher {
  readonly #handlers = new Map<Function, DomainEventHandler<DomainEvent>[]>()

  register(event: Function, handler: DomainEventHandler<DomainEvent>): void {
    this.#handlers.set(event, [...(this.#handlers.get(event) ?? []), handler])
  }

  /**
   * Pulls and dispatches the events of the aggregates until none is left (a handler may change
   * aggregates that raise more events). Stops after `maxRounds` to refuse an endless cycle.
   */
  async dispatchFrom(aggregates: Iterable<AggregateRoot<unknown>>, maxRounds = 10): Promise<void> {
    for (let round = 0; round < maxRounds; round++) {
      const events = [...aggregates].flatMap((aggregate) => aggregate.pullDomainEvents())
      if (events.length === 0) return
      for (const event of events) {
        for (const handler of this.#handlers.get(event.constructor) ?? [])
          await handler.handle(event)
      }
    }
    throw new Error(`Domain events kept raising more events after ${maxRounds} rounds`)
  }
}
