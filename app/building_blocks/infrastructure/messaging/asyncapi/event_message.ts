import type { IntegrationEventContract } from '../../../integration/integration_event.js'
import type { JsonSchema } from '../../http/openapi/representation.js'
import { vineJsonSchema, type VineJsonSchemaSource } from '../../http/openapi/vine_json_schema.js'
import { AMQP_BINDING_VERSION } from './event_channel.js'
import {
  CLOUDEVENTS_SPEC_VERSION,
  ACTOR_ATTRIBUTE,
  CORRELATION_ATTRIBUTE,
  dataSchemaOf,
  JSON_CONTENT_TYPE,
  publisherOf,
  VERSION_ATTRIBUTE,
} from '../cloud_event.js'

/**
 * A contract declared without a schema: its payload is only checked to be JSON, so the document
 * says that much and no more (`{}` takes any value).
 */
const UNCHECKED_PAYLOAD: JsonSchema = {
  description:
    'Unchecked: the contract declares no payload schema, so any JSON value passes (only the CloudEvents attributes are checked).',
}

/**
 * The payload's JSON Schema, from the contract's VineJS schema by the converter the OpenAPI
 * documents use, so an event's payload is stated with the same rules as a request body's.
 */
function payloadJsonSchema(contract: IntegrationEventContract<unknown>): JsonSchema {
  const schema: unknown = contract.schema
  if (!isVineSchema(schema)) return structuredClone(UNCHECKED_PAYLOAD)
  return openObjects(vineJsonSchema(schema))
}

/**
 * VineJS drops fields its object schema does not name instead of refusing them, and a new
 * optional field is a compatible change: so the document does not close objects
 * (`additionalProperties: false`, which the converter writes for request bodies), or readers
 * generated from it would refuse events of a later, compatible contract.
 */
function openObjects(schema: unknown): JsonSchema {
  if (typeof schema !== 'object' || schema === null) return schema as JsonSchema
  const node = schema as JsonSchema
  if (node.additionalProperties === false) delete node.additionalProperties
  for (const child of Object.values((node.properties as Record<string, unknown>) ?? {})) {
    openObjects(child)
  }
  openObjects(node.items)
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(node[key])) (node[key] as unknown[]).forEach(openObjects)
  }
  return node
}

/** Contracts name only `tryValidate`; a VineJS validator also describes itself. */
function isVineSchema(schema: unknown): schema is VineJsonSchemaSource {
  return typeof (schema as { toJSONSchema?: unknown } | undefined)?.toJSONSchema === 'function'
}

/**
 * The message of one contract version as it travels (cloud_event.ts): a CloudEvent in binary
 * content mode, its attributes as headers and its data, the payload as the contract states it,
 * as the body.
 */
export function eventMessage(contract: IntegrationEventContract<unknown>): Record<string, unknown> {
  const { type, version } = contract
  return {
    name: type,
    title: `${type} v${version}`,
    contentType: JSON_CONTENT_TYPE,
    correlationId: {
      description: 'The id of the request that caused the event, carried across modules.',
      location: `$message.header#/${CORRELATION_ATTRIBUTE}`,
    },
    headers: cloudEventHeaders(type, version),
    payload: payloadJsonSchema(contract),
    bindings: { amqp: { messageType: type, bindingVersion: AMQP_BINDING_VERSION } },
  }
}

/**
 * The CloudEvents attributes of a message. On Redis each is a field of the stream entry (beside
 * `data`); on RabbitMQ an AMQP header named `cloudEvents_<attribute>`, except datacontenttype,
 * which is the message's content type.
 */
function cloudEventHeaders(type: string, version: number): JsonSchema {
  return {
    type: 'object',
    description:
      'CloudEvents 1.0 attributes (binary content mode). Redis Streams: fields of the entry, beside `data`. RabbitMQ: AMQP headers named `cloudEvents_<attribute>` (readers also take `cloudEvents:`); datacontenttype is the content type, and messageId, type, timestamp and correlationId are set to id, type, time and correlationid.',
    required: ['specversion', 'id', 'source', 'type', 'time', VERSION_ATTRIBUTE],
    properties: {
      specversion: { type: 'string', const: CLOUDEVENTS_SPEC_VERSION },
      id: {
        type: 'string',
        format: 'uuid',
        description:
          'Unique per event (shared by the versions of one event): consumers record it to apply each event once.',
      },
      source: { type: 'string', const: `/modules/${publisherOf(type)}` },
      type: { type: 'string', const: type },
      time: { type: 'string', format: 'date-time', description: 'When the change committed.' },
      datacontenttype: { type: 'string', const: JSON_CONTENT_TYPE },
      dataschema: {
        type: 'string',
        const: dataSchemaOf(type, version),
        description: `This message of the document /asyncapi/${publisherOf(type)}.json.`,
      },
      subject: {
        type: 'string',
        description: "The payload's id: the aggregate the event is about.",
      },
      [VERSION_ATTRIBUTE]: {
        type: 'string',
        const: String(version),
        description: 'The contract version; a breaking payload change gets a new one.',
      },
      [CORRELATION_ATTRIBUTE]: { type: 'string' },
      traceparent: {
        type: 'string',
        description: 'The W3C trace context of the request that wrote the event, when it had one.',
      },
      tracestate: { type: 'string' },
      [ACTOR_ATTRIBUTE]: {
        type: 'string',
        description:
          'The id of the account the command that wrote the event was sent for, when one acted.',
      },
    },
  }
}
