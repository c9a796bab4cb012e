import type {
  IntegrationEvent,
  IntegrationEventContract,
} from '../../integration/integration_event.js'
import { checkPayload } from '../../integration/payload_check.js'
import { acceptedEvent } from './contract_guard.js'
import { MessageRejected } from './message_rejection.js'
import type { EventDelivery } from './message_transport.js'
import type { Upcaster } from './upcaster.js'

type Reader = (event: IntegrationEvent<unknown>) => Promise<IntegrationEvent<unknown>>

/** "version 2", "versions 1 and 2": the versions a consumer reads, for refusals. */
function versionsText(versions: number[]): string {
  const sorted = [...versions].sort((a, b) => a - b)
  if (sorted.length === 1) return `version ${sorted[0]}`
  return `versions ${sorted.slice(0, -1).join(', ')} and ${sorted.at(-1)}`
}

/** An older version read by its own contract, then upcast and held to the newer contract. */
function upcastReader(upcaster: Upcaster<unknown>): Reader {
  return async (event) => {
    const older = await acceptedEvent(upcaster.from, event)
    const payload = upcaster.upcast(older.payload)
    const checked = await checkPayload(upcaster.to, payload)
    // The upcaster is the consumer's code: a payload it gets wrong is a bug of the consumer,
    // retried and then a dead letter that a replay applies once the upcaster is fixed.
    if (!checked.valid) {
      throw new Error(
        `the upcaster from ${upcaster.to.type} version ${upcaster.from.version} gave a payload version ${upcaster.to.version} refuses: ${checked.problems.join('; ')}`
      )
    }
    return { ...older, version: upcaster.to.version, payload: checked.payload }
  }
}

/**
 * A consumer's delivery behind every version it accepts: the version it consumes, checked by its
 * contract, and each older version an upcaster turns into it, checked by its own contract first.
 * `deliver` only ever sees the version consumed. Another type or version is refused with the
 * reason, as acceptedEvent refuses it.
 */
export function acceptingDelivery(
  consumes: IntegrationEventContract<unknown>,
  upcasters: readonly Upcaster<unknown>[],
  deliver: EventDelivery
): EventDelivery {
  const readers = new Map<number, Reader>([
    [consumes.version, (event) => acceptedEvent(consumes, event)],
  ])
  for (const upcaster of upcasters) readers.set(upcaster.from.version, upcastReader(upcaster))
  return async (event) => {
    if (event.type !== consumes.type) {
      throw new MessageRejected('unknown-type', `${event.type} came where ${consumes.type} is read`)
    }
    const read = readers.get(event.version)
    if (!read) {
      throw new MessageRejected(
        'unsupported-version',
        `${event.type} version ${event.version}; this consumer reads ${versionsText([...readers.keys()])}`
      )
    }
    await deliver(await read(event))
  }
}
