import { randomUUID } from 'node:crypto'
import { connect, type ChannelModel, type ConfirmChannel } from 'amqplib'
import { Redis } from 'ioredis'
import { type CloudEvent, HTTP, type Message } from 'cloudevents'

/**
 * Another service on the broker Pantheon's host uses, written with plain ioredis or amqplib and
 * the CloudEvents SDK, as a team in another codebase would from docs/messaging.md alone: events
 * in binary content mode (attributes as Redis entry fields or `cloudEvents_` AMQP headers, the
 * data as the body), under the route `<type>` (version 1) or `<type>.v<n>`.
 */
export interface OutsideService {
  /** Sends the attributes and data as they are, under `route`. */
  send(message: BinaryEvent, route: string): Promise<void>
  /** Sends text as relays before CloudEvents did: the JSON envelope as a whole. */
  sendEnvelope(body: string, route: string): Promise<void>
  /** Begins taking copies of what is published under `route`; the result reads them. */
  listen(route: string): Promise<() => Promise<BinaryEvent[]>>
  /** What the broker holds beside Pantheon: Redis's `:malformed` stream, RabbitMQ's DLQ. */
  setAside(route: string): Promise<number>
  close(): Promise<void>
}

/** A CloudEvent in binary content mode: its attributes (every value as text) and its data. */
export interface BinaryEvent {
  attributes: Record<string, string>
  data: string
}

/** The SDK's own binary form of an event (its HTTP binding), as attributes and data. */
export function binaryEvent(event: CloudEvent<unknown>): BinaryEvent {
  const { headers, body } = HTTP.binary(event)
  const attributes: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith('ce-')) attributes[name.slice(3)] = String(value)
  }
  attributes.datacontenttype = String(headers['content-type']).split(';')[0]
  return { attributes, data: typeof body === 'string' ? body : JSON.stringify(body) }
}

/** What the SDK makes of a binary event that came off the broker (and so checks it). */
export function sdkEvent(message: BinaryEvent): CloudEvent<unknown> {
  const { datacontenttype, ...attributes } = message.attributes
  const headers: Message['headers'] = { 'content-type': datacontenttype }
  for (const [name, value] of Object.entries(attributes)) headers[`ce-${name}`] = value
  return HTTP.toEvent({ headers, body: message.data }) as CloudEvent<unknown>
}

export async function redisOutside(namespace: string): Promise<OutsideService> {
  const redis = new Redis(6379, '127.0.0.1')
  const stream = (route: string) => `${namespace}:events:${route}`
  return {
    async send({ attributes, data }, route) {
      await redis.xadd(stream(route), '*', ...Object.entries(attributes).flat(), 'data', data)
    },
    async sendEnvelope(body, route) {
      await redis.xadd(stream(route), '*', 'event', body)
    },
    async listen(route) {
      const since = `${Date.now()}-0`
      return async () => {
        const entries = await redis.xrange(stream(route), since, '+')
        return entries.map(([, fields]) => {
          const attributes: Record<string, string> = {}
          for (let i = 0; i < fields.length; i += 2) attributes[fields[i]] = fields[i + 1]
          const { data = '', ...rest } = attributes
          return { attributes: rest, data }
        })
      }
    },
    setAside: (route) => redis.xlen(`${stream(route)}:malformed`),
    close: async () => redis.disconnect(),
  }
}

export async function rabbitMqOutside(namespace: string): Promise<OutsideService> {
  const connection: ChannelModel = await connect('amqp://guest:guest@127.0.0.1:5672')
  const channel: ConfirmChannel = await connection.createConfirmChannel()
  const exchange = `${namespace}.events`
  const publish = async (route: string, body: string, options: object) => {
    channel.publish(exchange, route, Buffer.from(body), { persistent: true, ...options })
    await channel.waitForConfirms()
  }
  return {
    async send({ attributes, data }, route) {
      const { datacontenttype, ...rest } = attributes
      const headers = Object.fromEntries(
        Object.entries(rest).map(([name, value]) => [`cloudEvents_${name}`, value])
      )
      await publish(route, data, { contentType: datacontenttype, headers })
    },
    sendEnvelope: (body, route) => publish(route, body, { contentType: 'application/json' }),
    async listen(route) {
      const queue = `${namespace}.outside.${randomUUID().slice(0, 8)}`
      await channel.assertQueue(queue, { exclusive: true })
      await channel.bindQueue(queue, exchange, route)
      const received: BinaryEvent[] = []
      await channel.consume(
        queue,
        (message) => {
          if (!message) return
          const attributes: Record<string, string> = {}
          for (const [name, value] of Object.entries(message.properties.headers ?? {})) {
            if (name.startsWith('cloudEvents_')) attributes[name.slice(12)] = String(value)
          }
          attributes.datacontenttype = message.properties.contentType
          received.push({ attributes, data: message.content.toString('utf8') })
        },
        { noAck: true }
      )
      return async () => received
    },
    async setAside() {
      const { messageCount } = await channel.checkQueue(`${namespace}.orders.dead-letter`)
      return messageCount
    },
    close: () => connection.close(),
  }
}
