import type { IntegrationEvent } from '../../integration/integration_event.js'
import { MessageRejected } from './message_rejection.js'

/**
 * An integration event as it travels: a CloudEvents 1.0 event in binary content mode. The
 * attributes go where each broker keeps metadata (RabbitMQ message headers and properties, Redis
 * stream entry fields) and the data is the payload's JSON, alone, as the message body. Every
 * value is text, as Redis fields are; RabbitMQ's integer headers are read back as text.
 */
export interface CloudEventMessage {
  readonly attributes: Readonly<Record<string, string>>
  readonly data: string | Buffer
}

export const CLOUDEVENTS_SPEC_VERSION = '1.0'
export const JSON_CONTENT_TYPE = 'application/json'

/**
 * Pantheon's extension attributes. CloudEvents names them in lowercase letters and digits only.
 * `eventversion` is the contract version (the route also says it, a reader should not have to
 * know routes); `correlationid` the id of the request that caused the event.
 */
export const VERSION_ATTRIBUTE = 'eventversion'
export const CORRELATION_ATTRIBUTE = 'correlationid'
/** The id of the account the event was written for (IntegrationEvent.actorId), when one acted. */
export const ACTOR_ATTRIBUTE = 'actorid'

/** Any UUID: the inbox and the dead letters keep event ids in uuid columns. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The longest type the messaging tables hold (string(200) columns). */
export const MAX_TYPE_LENGTH = 200

/**
 * The module an event type belongs to: types are named `<module>.<event>` (add-event names them
 * so), and the publishing module owns its types.
 */
export function publisherOf(type: string): string {
  return type.split('.')[0]
}

/**
 * The AsyncAPI message a payload follows, as an absolute URI (CloudEvents asks one of
 * `dataschema`): `urn:pantheon:asyncapi:<module>:<message>` names the message
 * `#/components/messages/<message>` of the document `/asyncapi/<module>.json`.
 */
export function dataSchemaOf(type: string, version: number): string {
  return `urn:pantheon:asyncapi:${publisherOf(type)}:${type.replace(/[^A-Za-z0-9_-]/g, '_')}_v${version}`
}

/**
 * `source` and `dataschema` of each type and version seen, which the relay asks for on every
 * event it publishes (a split and a replace each time), by type, then version: no key to build
 * per event. A process publishes a few types; the bound only guards against rows of unknown
 * types or versions.
 */
const typeAttributes = new Map<string, Map<number, { source: string; dataschema: string }>>()
const MAX_REMEMBERED = 1_000
let remembered = 0

function attributesOfType(type: string, version: number) {
  let attributes = typeAttributes.get(type)?.get(version)
  if (!attributes) {
    if (remembered >= MAX_REMEMBERED) {
      typeAttributes.clear()
      remembered = 0
    }
    let versions = typeAttributes.get(type)
    if (!versions) typeAttributes.set(type, (versions = new Map()))
    remembered++
    attributes = {
      source: `/modules/${publisherOf(type)}`,
      dataschema: dataSchemaOf(type, version),
    }
    versions.set(version, attributes)
  }
  return attributes
}

/** The event as CloudEvents attributes and data: what every transport puts on the wire. */
export function toCloudEvent(event: IntegrationEvent<unknown>): CloudEventMessage {
  const subject = (event.payload as { id?: unknown } | null)?.id
  const { source, dataschema } = attributesOfType(event.type, event.version)
  const attributes: Record<string, string> = {
    specversion: CLOUDEVENTS_SPEC_VERSION,
    id: event.eventId,
    source,
    type: event.type,
    time: event.occurredAt,
    datacontenttype: JSON_CONTENT_TYPE,
    dataschema,
    ...(typeof subject === 'string' && subject !== '' && { subject }),
    [VERSION_ATTRIBUTE]: String(event.version),
    [CORRELATION_ATTRIBUTE]: event.correlationId,
    ...(event.traceContext && { traceparent: event.traceContext.traceparent }),
    ...(event.traceContext?.tracestate && { tracestate: event.traceContext.tracestate }),
    ...(event.actorId && { [ACTOR_ATTRIBUTE]: event.actorId }),
  }
  return { attributes, data: JSON.stringify(event.payload) }
}

/** What the message weighs on the wire: its data and every attribute's name and value. */
export function cloudEventBytes(message: CloudEventMessage): number {
  let bytes =
    typeof message.data === 'string' ? Buffer.byteLength(message.data) : message.data.length
  for (const [name, value] of Object.entries(message.attributes)) {
    bytes += Buffer.byteLength(name) + Buffer.byteLength(value)
  }
  return bytes
}

/**
 * The integration event a CloudEvent carries, or MessageRejected('malformed') saying what is
 * missing: Pantheon needs `id` (a UUID), `type`, `time`, `eventversion` and JSON data; a
 * correlation id defaults to the event id when the sender had none.
 */
export function fromCloudEvent(message: CloudEventMessage): IntegrationEvent<unknown> {
  const attributes = message.attributes
  const problem = attributesProblem(attributes)
  if (problem) throw new MessageRejected('malformed', `not an integration event: ${problem}`)
  const text = typeof message.data === 'string' ? message.data : message.data.toString('utf8')
  let payload: unknown
  try {
    payload = JSON.parse(text)
  } catch (error) {
    throw new MessageRejected('malformed', `data is not JSON (${(error as Error).message})`)
  }
  return {
    eventId: attributes.id,
    type: attributes.type,
    version: Number(attributes[VERSION_ATTRIBUTE]),
    occurredAt: attributes.time,
    correlationId: attributes[CORRELATION_ATTRIBUTE] || attributes.id,
    payload,
    ...(attributes.traceparent && {
      traceContext: {
        traceparent: attributes.traceparent,
        ...(attributes.tracestate && { tracestate: attributes.tracestate }),
      },
    }),
    ...(attributes[ACTOR_ATTRIBUTE] && { actorId: attributes[ACTOR_ATTRIBUTE] }),
  }
}

function attributesProblem(attributes: Readonly<Record<string, string>>): string | undefined {
  if (attributes.specversion !== CLOUDEVENTS_SPEC_VERSION) {
    return `"specversion" is ${JSON.stringify(attributes.specversion ?? null)}, not "1.0"`
  }
  if (!UUID.test(attributes.id ?? '')) return '"id" is missing or not a UUID'
  if (!attributes.type) return '"type" is missing'
  if (attributes.type.length > MAX_TYPE_LENGTH) {
    return `"type" is longer than ${MAX_TYPE_LENGTH} characters`
  }
  if (!attributes.time || Number.isNaN(Date.parse(attributes.time))) {
    return '"time" is missing or not a timestamp'
  }
  if (!/^[1-9][0-9]{0,8}$/.test(attributes[VERSION_ATTRIBUTE] ?? '')) {
    return `"${VERSION_ATTRIBUTE}" is missing or not a whole number of at least 1`
  }
  const contentType = attributes.datacontenttype
  if (contentType !== undefined && !isJsonContentType(contentType)) {
    return `"datacontenttype" is ${contentType}; integration events carry application/json`
  }
  return undefined
}

/** `application/json`, with parameters (`; charset=utf-8`) or as a `+json` suffix. */
function isJsonContentType(value: string): boolean {
  const type = value.split(';')[0].trim().toLowerCase()
  return type === JSON_CONTENT_TYPE || /^application\/[a-z0-9.+-]+\+json$/.test(type)
}

/**
 * The message in the CloudEvents JSON event format (structured mode): how a dead letter keeps a
 * message it could not read, so a replay reads the same attributes and data again. Data that is
 * JSON is kept as its value; anything else as the text it was.
 */
export function structuredCloudEvent(message: CloudEventMessage): string {
  const text = typeof message.data === 'string' ? message.data : message.data.toString('utf8')
  let data: unknown = text
  try {
    data = JSON.parse(text)
  } catch {}
  return JSON.stringify({ ...message.attributes, data })
}

/** A structured-mode CloudEvent read back into attributes and data (its data as JSON text). */
export function cloudEventOfStructured(value: Record<string, unknown>): CloudEventMessage {
  const attributes: Record<string, string> = {}
  for (const [name, attribute] of Object.entries(value)) {
    if (name === 'data' || attribute === null || attribute === undefined) continue
    attributes[name] = typeof attribute === 'string' ? attribute : JSON.stringify(attribute)
  }
  return { attributes, data: JSON.stringify(value.data ?? null) }
}
