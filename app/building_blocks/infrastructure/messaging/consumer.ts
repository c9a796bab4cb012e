import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type {
  IntegrationEvent,
  IntegrationEventContract,
  PayloadOf,
} from '../../integration/integration_event.js'
import type { Upcaster } from './upcaster.js'

/**
 * Applies another module's integration event in this module. `client` is the transaction that
 * also records the event in the inbox: write through it so the effect and the record commit
 * together.
 */
export interface IntegrationEventConsumer<TContract extends IntegrationEventContract<unknown>> {
  handle(event: IntegrationEvent<PayloadOf<TContract>>, client: QueryClientContract): Promise<void>
}

/**
 * A consumer class: `static consumes` names the contract version it applies; `static upcasters`
 * (optional, `upcast(older, consumes, convert)`) the older versions it also reads, each turned
 * into that one before `handle()` sees it.
 */
export interface ConsumerClass {
  readonly consumes: IntegrationEventContract<unknown>
  readonly upcasters?: readonly Upcaster<unknown>[]
  new (...args: never[]): IntegrationEventConsumer<IntegrationEventContract<unknown>>
}

/** Re-exported so consumers (module infrastructure) need only the infrastructure blocks. */
export type { IntegrationEvent }
