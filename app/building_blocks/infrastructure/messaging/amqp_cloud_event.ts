import type { ConsumeMessage, Options } from 'amqplib'
import type { IntegrationEvent } from '../../integration/integration_event.js'
import { JSON_CONTENT_TYPE, toCloudEvent } from './cloud_event.js'
import type { InboundMessage } from './event_envelope.js'

/**
 * The prefix of CloudEvents attributes among AMQP application properties (RabbitMQ's message
 * headers), as the CloudEvents AMQP binding asks writers to spell it; readers also take the
 * older `cloudEvents:`.
 */
const AMQP_ATTRIBUTE_PREFIX = 'cloudEvents_'
const OLDER_AMQP_ATTRIBUTE_PREFIX = 'cloudEvents:'

/**
 * An event as a RabbitMQ message in CloudEvents binary content mode: the payload's JSON as the
 * body, `datacontenttype` as the content type, every other attribute as a `cloudEvents_` header.
 * The AMQP properties say the same for tools that read only those (message id, type, timestamp,
 * correlation id), and `traceparent`/`tracestate` are also plain headers, where tracing tools
 * look for them.
 */
export function amqpMessageOf(event: IntegrationEvent<unknown>): {
  content: Buffer
  options: Options.Publish
} {
  const { attributes, data } = toCloudEvent(event)
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(attributes)) {
    if (name !== 'datacontenttype') headers[`${AMQP_ATTRIBUTE_PREFIX}${name}`] = value
  }
  return {
    content: Buffer.from(data),
    options: {
      persistent: true,
      contentType: attributes.datacontenttype,
      messageId: event.eventId,
      correlationId: event.correlationId,
      type: event.type,
      timestamp: Math.floor(Date.parse(event.occurredAt) / 1000),
      headers: {
        ...headers,
        ...(attributes.traceparent && { traceparent: attributes.traceparent }),
        ...(attributes.tracestate && { tracestate: attributes.tracestate }),
      },
    },
  }
}

/**
 * What a delivery holds for `receiveMessage`: a CloudEvent when its headers carry
 * `specversion` under either prefix; else the body, the JSON envelope that relays before
 * CloudEvents published.
 */
export function inboundAmqpMessage(message: ConsumeMessage): InboundMessage {
  const attributes: Record<string, string> = {}
  for (const [name, value] of Object.entries(message.properties.headers ?? {})) {
    const attribute = attributeName(name)
    if (attribute !== undefined && value !== undefined && value !== null) {
      attributes[attribute] = Buffer.isBuffer(value) ? value.toString('utf8') : String(value)
    }
  }
  if (attributes.specversion === undefined) return message.content
  const contentType = message.properties.contentType as string | undefined
  attributes.datacontenttype = contentType ?? attributes.datacontenttype ?? JSON_CONTENT_TYPE
  return { attributes, data: message.content }
}

function attributeName(header: string): string | undefined {
  for (const prefix of [AMQP_ATTRIBUTE_PREFIX, OLDER_AMQP_ATTRIBUTE_PREFIX]) {
    if (header.startsWith(prefix)) return header.slice(prefix.length)
  }
  return undefined
}
