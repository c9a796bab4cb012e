import type { IntegrationEvent } from '../../integration/integration_event.js'

/** The wire form of an integration event on every broker: the whole envelope as JSON. */
export function encodeEvent(event: IntegrationEvent<unknown>): string {
  return JSON.stringify(event)
}

/**
 * Reads an envelope back, refusing anything that is not one: a malformed message must be set
 * aside, not handed to a consumer that would fail on it forever.
 */
export function decodeEvent(raw: string): IntegrationEvent<unknown> {
  const value = JSON.parse(raw) as Partial<IntegrationEvent<unknown>>
  const fields = ['eventId', 'type', 'occurredAt', 'correlationId'] as const
  for (const field of fields) {
    if (typeof value[field] !== 'string')
      throw new Error(`not an integration event: "${field}" is missing`)
  }
  if (typeof value.version !== 'number')
    throw new Error('not an integration event: "version" is missing')
  return value as IntegrationEvent<unknown>
}
