import type { IntegrationEventContract } from '../../../integration/integration_event.js'
import type { JsonSchema } from '../../http/openapi/representation.js'
import { vineJsonSchema, type VineJsonSchemaSource } from '../../http/openapi/vine_json_schema.js'
import { AMQP_BINDING_VERSION } from './event_channel.js'

/**
 * A contract declared without a schema: its payload is only checked to be JSON, so the document
 * says that much and no more (`{}` takes any value).
 */
export const UNCHECKED_PAYLOAD: JsonSchema = {
  description:
    'Unchecked: the contract declares no payload schema, so any JSON value passes (only the envelope is checked).',
}

/**
 * The payload's JSON Schema, from the contract's VineJS schema by the converter the OpenAPI
 * documents use, so an event's payload is stated with the same rules as a request body's.
 */
export function payloadJsonSchema(contract: IntegrationEventContract<unknown>): JsonSchema {
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
 * The message of one contract version: the whole envelope as JSON (event_envelope.ts encodes it
 * so on every transport), its payload as the contract states it.
 */
export function eventMessage(contract: IntegrationEventContract<unknown>): Record<string, unknown> {
  const { type, version } = contract
  return {
    name: type,
    title: `${type} v${version}`,
    contentType: 'application/json',
    correlationId: {
      description: 'The id of the request that caused the event, carried across modules.',
      location: '$message.payload#/correlationId',
    },
    payload: {
      type: 'object',
      required: ['eventId', 'type', 'version', 'occurredAt', 'correlationId', 'payload'],
      properties: {
        eventId: {
          type: 'string',
          format: 'uuid',
          description: 'Unique per event: consumers record it to apply each event once.',
        },
        type: { type: 'string', const: type },
        version: {
          type: 'integer',
          const: version,
          description: 'The contract version; a breaking payload change gets a new one.',
        },
        occurredAt: { type: 'string', format: 'date-time' },
        correlationId: { type: 'string' },
        traceContext: {
          type: 'object',
          description: 'The W3C trace context of the request that wrote the event, when traced.',
          required: ['traceparent'],
          properties: { traceparent: { type: 'string' }, tracestate: { type: 'string' } },
        },
        payload: payloadJsonSchema(contract),
      },
    },
    bindings: { amqp: { messageType: type, bindingVersion: AMQP_BINDING_VERSION } },
  }
}
