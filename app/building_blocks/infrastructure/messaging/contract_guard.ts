import type {
  IntegrationEvent,
  IntegrationEventContract,
  PayloadOf,
} from '../../integration/integration_event.js'
import { checkPayload } from '../../integration/payload_check.js'
import { MessageRejected } from './message_rejection.js'
import type { EventDelivery } from './message_transport.js'

/**
 * The event as a consumer of `contract` may apply it: of the contract's type and version, its
 * payload as the contract's schema reads it (trimmed, unknown fields left out). Anything else is
 * refused with the reason, as a MessageRejected.
 */
export async function acceptedEvent<C extends IntegrationEventContract<unknown>>(
  contract: C,
  event: IntegrationEvent<unknown>
): Promise<IntegrationEvent<PayloadOf<C>>> {
  if (event.type !== contract.type) {
    throw new MessageRejected('unknown-type', `${event.type} came where ${contract.type} is read`)
  }
  if (event.version !== contract.version) {
    throw new MessageRejected(
      'unsupported-version',
      `${event.type} version ${event.version}; this consumer reads version ${contract.version}`
    )
  }
  const checked = await checkPayload(contract, event.payload)
  if (!checked.valid) {
    throw new MessageRejected(
      'invalid-payload',
      `${contract.type} version ${contract.version}: ${checked.problems.join('; ')}`
    )
  }
  return { ...event, payload: checked.payload as PayloadOf<C> }
}

/** A consumer's delivery behind its contract: what acceptedEvent refuses never reaches it. */
export function guardedDelivery(
  contract: IntegrationEventContract<unknown>,
  deliver: EventDelivery
): EventDelivery {
  return async (event) => deliver(await acceptedEvent(contract, event))
}
