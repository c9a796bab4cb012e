import { createHash } from 'node:crypto'
import { structuredCloudEvent, UUID } from './cloud_event.js'
import { isCloudEventMessage, readEvent, type InboundMessage } from './event_envelope.js'
import { MessageRejected } from './message_rejection.js'
import type { Subscription } from './message_transport.js'

/** Where a transport read a message: the type it was bound to, and the broker's own key of it. */
export interface MessageOrigin {
  /** The type of its stream or routing key: what the subscription asked for. */
  readonly type: string
  /** The message's identity at the broker (a stream entry, a delivery), stable on redelivery. */
  readonly key: string
}

/** A message a transport could not read as an integration event, as its dead letter keeps it. */
export interface UnreadableMessage {
  /**
   * The text as it arrived, so a replay reads it again: a CloudEvent in the JSON event format
   * (its attributes and data), or the whole text of a message that came as text.
   */
  readonly body: string
  /**
   * The event id it claims when it has a readable one, else one derived from the broker's key:
   * each redelivery of the message finds the same dead letter.
   */
  readonly eventId: string
  readonly type: string
  readonly rejection: MessageRejected
}

/**
 * What every transport does with a message it read for a subscription: checks its size and
 * attributes, then delivers the event, or hands the message to the subscription's `reject`.
 * Resolves once the message may be acknowledged; rejects, and the message stays
 * unacknowledged, when the delivery or the record of the rejection failed.
 */
export async function receiveMessage(
  subscription: Subscription,
  raw: InboundMessage,
  origin: MessageOrigin,
  maxBytes: number,
  onError: (error: unknown, context: string) => void
): Promise<void> {
  let event
  try {
    event = readEvent(raw, maxBytes)
  } catch (error) {
    if (!(error instanceof MessageRejected)) throw error
    if (subscription.reject) return subscription.reject(unreadableMessage(raw, origin, error))
    // A subscription made by hand, outside a host, has no dead letters to keep it in.
    onError(error, `${subscription.consumer} refused a message of ${origin.type} (${origin.key})`)
    return
  }
  await subscription.deliver(event)
}

function unreadableMessage(
  raw: InboundMessage,
  origin: MessageOrigin,
  rejection: MessageRejected
): UnreadableMessage {
  if (isCloudEventMessage(raw)) {
    const id = raw.attributes.id
    return {
      body: structuredCloudEvent(raw),
      eventId: id && UUID.test(id) ? id : derivedEventId(origin),
      type: origin.type,
      rejection,
    }
  }
  const body = typeof raw === 'string' ? raw : raw.toString('utf8')
  return {
    body,
    eventId: claimedEventId(body, rejection) ?? derivedEventId(origin),
    type: origin.type,
    rejection,
  }
}

/** The start of an envelope as relays before CloudEvents wrote it: the event id comes first. */
const LEADING_EVENT_ID =
  /^\s*\{\s*"eventId"\s*:\s*"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/i

/**
 * The event id a message names, if it names one: a message too large is not parsed, only its
 * start looked at; a malformed one may still be JSON with an id.
 */
function claimedEventId(body: string, rejection: MessageRejected): string | undefined {
  if (rejection.reason === 'too-large') return LEADING_EVENT_ID.exec(body.slice(0, 128))?.[1]
  try {
    // An envelope names it `eventId`; a CloudEvent in the JSON event format, `id`.
    const named = JSON.parse(body) as { eventId?: unknown; id?: unknown } | null
    const eventId = named?.eventId ?? named?.id
    return typeof eventId === 'string' && UUID.test(eventId) ? eventId : undefined
  } catch {
    return undefined
  }
}

/** A UUID (version 8, "custom") made from the broker's key of the message. */
function derivedEventId(origin: MessageOrigin): string {
  const hex = createHash('sha256').update(`${origin.type}\n${origin.key}`).digest('hex')
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
