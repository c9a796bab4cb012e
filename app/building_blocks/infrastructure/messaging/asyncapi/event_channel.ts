import { eventRoute } from '../event_route.js'

/** The broker names an event travels under, as config/messaging.ts sets them. */
export interface TransportNames {
  /** Redis: each event type has its own stream, `<streamPrefix><type>`. */
  streamPrefix: string
  /** RabbitMQ: the durable topic exchange every event is published to, routed by its type. */
  exchange: string
  /** RabbitMQ: each consuming module reads its own queue, `<queuePrefix><module>`. */
  queuePrefix: string
}

/** The AMQP bindings version the documents follow (github.com/asyncapi/bindings, amqp). */
export const AMQP_BINDING_VERSION = '0.3.0'

/**
 * A key of the document's maps: AsyncAPI keys take letters, digits, `-` and `_` only, so
 * `catalog.product_created` becomes `catalog_product_created`.
 */
export function documentKey(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, '_')
}

/** One message per contract version: `catalog_product_created_v1`. */
export function messageKey(type: string, version: number): string {
  return `${documentKey(type)}_v${version}`
}

/**
 * The channel of one version of an event type: its route (`eventRoute`: the type for version 1,
 * `<type>.v<n>` after), which is the RabbitMQ routing key (`is: routingKey` in the AMQP
 * binding). Redis Streams have no AsyncAPI binding: the stream is named in the description and
 * in an `x-redis-stream` extension, for tools that want it.
 */
export function eventChannel(
  contract: { readonly type: string; readonly version: number },
  publisher: string | undefined,
  names: TransportNames
): Record<string, unknown> {
  const route = eventRoute(contract)
  const stream = `${names.streamPrefix}${route}`
  const origin = publisher
    ? `Published by the ${publisher} module (its document: /asyncapi/${publisher}.json).`
    : 'Published outside this application: no module of it declares the contract.'
  const key = messageKey(contract.type, contract.version)
  return {
    'address': route,
    'title': route,
    'description': [
      origin,
      `RabbitMQ: published to the topic exchange ${names.exchange} with the routing key ${route}.`,
      `Redis Streams: appended to the stream ${stream}; each consumer reads it in its own consumer group.`,
      'Memory transport (tests, single process): delivered in process, by type.',
    ].join(' '),
    'messages': { [key]: { $ref: `#/components/messages/${key}` } },
    'bindings': {
      amqp: {
        is: 'routingKey',
        exchange: { name: names.exchange, type: 'topic', durable: true, autoDelete: false },
        bindingVersion: AMQP_BINDING_VERSION,
      },
    },
    'x-redis-stream': { stream },
  }
}
