/**
 * The domain event handler contract, for handlers that live in a module's infrastructure layer
 * (publishing integration events), which may import only the infrastructure building blocks.
 */
export type { DomainEventHandler } from '../../application/domain_events.js'
