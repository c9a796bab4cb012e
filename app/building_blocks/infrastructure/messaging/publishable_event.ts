import type {
  IntegrationEvent,
  IntegrationEventContract,
} from '../../integration/integration_event.js'
import { checkPayload } from '../../integration/payload_check.js'
import { cloudEventBytes, toCloudEvent } from './cloud_event.js'

/**
 * An event its own publisher got wrong: a payload its contract refuses, or a message over the
 * size limit. Every consumer would refuse it, so it is a programming error: the unit of work
 * fails with it and nothing is written.
 */
export class InvalidIntegrationEvent extends Error {
  override readonly name = 'InvalidIntegrationEvent'

  constructor(
    readonly type: string,
    readonly version: number,
    readonly problems: string[]
  ) {
    super(`${type} version ${version} cannot be published: ${problems.join('; ')}`)
  }
}

/**
 * The payload's JSON as the outbox stores it: checked against the contract's schema (and as
 * the schema reads it), and within `maxBytes` once on the wire (data and CloudEvents
 * attributes), as consumers will measure it.
 */
export async function publishablePayload<T>(
  contract: IntegrationEventContract<T>,
  payload: T,
  envelope: Omit<IntegrationEvent<T>, 'payload'>,
  maxBytes: number
): Promise<string> {
  const checked = await checkPayload(contract, payload)
  if (!checked.valid) {
    throw new InvalidIntegrationEvent(contract.type, contract.version, checked.problems)
  }
  const bytes = cloudEventBytes(toCloudEvent({ ...envelope, payload: checked.payload }))
  if (bytes > maxBytes) {
    throw new InvalidIntegrationEvent(contract.type, contract.version, [
      `${bytes} bytes, over the message size limit of ${maxBytes} (MESSAGE_MAX_BYTES)`,
    ])
  }
  return JSON.stringify(checked.payload)
}
