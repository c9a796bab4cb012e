import type { IntegrationEventContract } from '../../integration/integration_event.js'
import { acceptingDelivery } from './accepted_versions.js'
import type { EventDelivery, Subscription } from './message_transport.js'
import type { Upcaster } from './upcaster.js'

export interface ConsumerDeclaration {
  /** `<module>.<ConsumerClass>`. */
  readonly consumer: string
  readonly module: string
  /** The contract version the consumer applies. */
  readonly consumes: IntegrationEventContract<unknown>
  /** Older versions it also reads, each turned into `consumes`. */
  readonly upcasters?: readonly Upcaster<unknown>[]
  /** The effect (through the inbox), given only events of `consumes`. */
  readonly deliver: EventDelivery
}

/**
 * The subscriptions of one consumer: one per version it reads, since each version travels on a
 * route of its own (eventRoute). They share one delivery, so an event that comes in two versions
 * under one id is applied once by the consumer's inbox, whichever arrives first. Upcasters that
 * could never be used are refused at boot, with what to fix.
 */
export function consumerSubscriptions(declaration: ConsumerDeclaration): Subscription[] {
  const { consumer, consumes } = declaration
  const upcasters = declaration.upcasters ?? []
  const versions = new Set([consumes.version])
  for (const upcaster of upcasters) {
    if (upcaster.to.type !== consumes.type || upcaster.to.version !== consumes.version) {
      throw new Error(
        `${consumer}: an upcaster turns events into ${upcaster.to.type} version ${upcaster.to.version}, but the consumer consumes ${consumes.type} version ${consumes.version}; upcast to the contract in "static consumes"`
      )
    }
    if (versions.has(upcaster.from.version)) {
      throw new Error(
        `${consumer}: two ways to read ${consumes.type} version ${upcaster.from.version}; keep one upcaster per older version`
      )
    }
    versions.add(upcaster.from.version)
  }
  const deliver = acceptingDelivery(consumes, upcasters, declaration.deliver)
  return [...versions].map((version) => ({
    type: consumes.type,
    version,
    consumer,
    module: declaration.module,
    deliver,
  }))
}
