import type { IntegrationEvent } from '../../integration/integration_event.js'
import { MessageRejected } from './message_rejection.js'

/** The largest message a consumer reads unless configured otherwise (`MESSAGE_MAX_BYTES`). */
export const DEFAULT_MAX_MESSAGE_BYTES = 256 * 1024

/** Any UUID: the inbox and the dead letters keep event ids in uuid columns. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The longest type the messaging tables hold (string(200) columns). */
const MAX_TYPE_LENGTH = 200

/** The wire form of an integration event on every broker: the whole envelope as JSON. */
export function encodeEvent(event: IntegrationEvent<unknown>): string {
  return JSON.stringify(event)
}

/**
 * Reads an envelope back, refusing anything that is not one: a malformed message must be set
 * aside, not handed to a consumer that would fail on it forever.
 */
export function decodeEvent(raw: string): IntegrationEvent<unknown> {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch (error) {
    throw new MessageRejected('malformed', `not JSON (${(error as Error).message})`)
  }
  const problem = envelopeProblem(value)
  if (problem) throw new MessageRejected('malformed', `not an integration event: ${problem}`)
  return value as IntegrationEvent<unknown>
}

/**
 * A message as a transport read it off the broker, checked before anything else looks at it:
 * one over `maxBytes` is refused without being parsed, then it must be an envelope.
 */
export function readEvent(raw: string | Buffer, maxBytes: number): IntegrationEvent<unknown> {
  const bytes = typeof raw === 'string' ? Buffer.byteLength(raw) : raw.length
  if (bytes > maxBytes) {
    throw new MessageRejected('too-large', `${bytes} bytes, over the limit of ${maxBytes}`)
  }
  return decodeEvent(typeof raw === 'string' ? raw : raw.toString('utf8'))
}

/** What keeps a parsed value from being an envelope the messaging tables can hold. */
function envelopeProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'not a JSON object'
  }
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
