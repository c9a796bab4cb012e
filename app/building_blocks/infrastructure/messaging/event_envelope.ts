import type { IntegrationEvent } from '../../integration/integration_event.js'
import {
  cloudEventBytes,
  cloudEventOfStructured,
  fromCloudEvent,
  MAX_TYPE_LENGTH,
  UUID,
  type CloudEventMessage,
} from './cloud_event.js'
import { MessageRejected } from './message_rejection.js'

/** The largest message a consumer reads unless configured otherwise (`MESSAGE_MAX_BYTES`). */
export const DEFAULT_MAX_MESSAGE_BYTES = 256 * 1024

/**
 * What a transport hands over: a CloudEvent in binary content mode (what Pantheon publishes), or
 * the text of a whole message: the JSON envelope that relays before CloudEvents published, or a
 * CloudEvent in the JSON event format (how dead letters keep what arrived).
 */
export type InboundMessage = CloudEventMessage | string | Buffer

/**
 * The envelope as JSON: how relays before CloudEvents published (a body on RabbitMQ, the `event`
 * field on Redis). Still read, so events such a relay published are applied after an upgrade.
 */
export function encodeEvent(event: IntegrationEvent<unknown>): string {
  return JSON.stringify(event)
}

/**
 * Reads a whole message's text back, refusing anything that is not an event: a malformed
 * message must be set aside, not handed to a consumer that would fail on it forever. Takes a
 * CloudEvent in the JSON event format and the envelope of relays before CloudEvents.
 */
export function decodeEvent(raw: string): IntegrationEvent<unknown> {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch (error) {
    throw new MessageRejected('malformed', `not JSON (${(error as Error).message})`)
  }
  if (isObject(value) && 'specversion' in value)
    return fromCloudEvent(cloudEventOfStructured(value))
  const problem = envelopeProblem(value)
  if (problem) throw new MessageRejected('malformed', `not an integration event: ${problem}`)
  return value as IntegrationEvent<unknown>
}

/**
 * A message as a transport read it off the broker, checked before anything else looks at it:
 * one over `maxBytes` is refused without being parsed, then it must be an event.
 */
export function readEvent(message: InboundMessage, maxBytes: number): IntegrationEvent<unknown> {
  const bytes = byteLength(message)
  if (bytes > maxBytes) {
    throw new MessageRejected('too-large', `${bytes} bytes, over the limit of ${maxBytes}`)
  }
  if (isCloudEventMessage(message)) return fromCloudEvent(message)
  return decodeEvent(typeof message === 'string' ? message : message.toString('utf8'))
}

export function isCloudEventMessage(message: InboundMessage): message is CloudEventMessage {
  return typeof message === 'object' && !Buffer.isBuffer(message)
}

function byteLength(message: InboundMessage): number {
  if (isCloudEventMessage(message)) return cloudEventBytes(message)
  return typeof message === 'string' ? Buffer.byteLength(message) : message.length
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** What keeps a parsed value from being an envelope the messaging tables can hold. */
function envelopeProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'not a JSON object'
  const event = value as Record<string, unknown>
  if (typeof event.eventId !== 'string' || !UUID.test(event.eventId)) {
    return '"eventId" is missing or not a UUID'
  }
  if (typeof event.type !== 'string' || event.type === '') return '"type" is missing'
  if (event.type.length > MAX_TYPE_LENGTH) {
    return `"type" is longer than ${MAX_TYPE_LENGTH} characters`
  }
  for (const field of ['occurredAt', 'correlationId']) {
    if (typeof event[field] !== 'string') return `"${field}" is missing`
  }
  if (!Number.isInteger(event.version)) return '"version" is missing or not a whole number'
  if (!('payload' in event)) return '"payload" is missing'
  const trace = event.traceContext as { traceparent?: unknown } | null | undefined
  if (trace !== undefined && typeof trace?.traceparent !== 'string') {
    return '"traceContext" has no "traceparent"'
  }
  return undefined
}
