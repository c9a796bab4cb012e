import { createHash } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  connect,
  type Channel,
  type ChannelModel,
  type ConfirmChannel,
  type ConsumeMessage,
  type RecoveringChannelModel,
} from 'amqplib'
import type { IntegrationEvent } from '../../integration/integration_event.js'
import { amqpMessageOf, inboundAmqpMessage } from './amqp_cloud_event.js'
import { DEFAULT_MAX_MESSAGE_BYTES } from './event_envelope.js'
import { eventRoute } from './event_route.js'
import { receiveMessage } from './inbound_message.js'
import { MessageTransport, type Subscription } from './message_transport.js'
import type { RabbitMqTransportSettings } from './messaging_config.js'
import { withTimeout } from '../resilience/with_timeout.js'

export interface RabbitMqTransportOptions extends RabbitMqTransportSettings {
  /** A publish the broker has not confirmed by then fails, and the relay tries again later. */
  publishTimeoutMs: number
  /** Wait before a message whose consumer could not even record a dead letter is requeued. */
  requeueDelayMs: number
  /**
   * The AMQP heartbeat asked of the broker (unless RABBITMQ_URL names its own): a connection
   * silent for two of them is taken for dead and recovered. A network cut without a reset
   * otherwise goes unnoticed for the broker's default of 60 s twice.
   */
  heartbeatSeconds: number
  /** A connection whose TCP and AMQP handshake has not completed by then is dropped and retried. */
  connectTimeoutMs: number
  /** A message larger than this becomes a dead letter of each consumer it was routed to. */
  maxMessageBytes: number
}

/** The URL with `heartbeat` set, unless it sets one itself. */
function withHeartbeat(url: string, seconds: number): string {
  try {
    const parsed = new URL(url)
    if (!parsed.searchParams.has('heartbeat')) parsed.searchParams.set('heartbeat', String(seconds))
    return parsed.toString()
  } catch {
    return url
  }
}

/** The URL without its password, for messages and logs. */
function redact(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'the configured RABBITMQ_URL'
  }
}

/**
 * RabbitMQ: events go to a durable topic exchange, routed by their type and version
 * (eventRoute); each consuming module has one durable queue bound to the routes its consumers
 * subscribe to. Publishes wait for the broker's confirm; consumers acknowledge manually, after
 * their transaction committed. A message (a CloudEvent, amqp_cloud_event.ts) goes to the
 * consumers of its routing key, which refuse (as dead letters in the database, like every
 * other) one too large, not an event, or of another type or version than the key.
 * The broker's dead-letter queues are still declared: a queue's arguments cannot change once it
 * exists, and queues made by earlier versions have them.
 *
 * Every process declares the whole topology (also one that only publishes), so an event
 * published before a consumer process ever started still waits in its module's queue. The
 * connection recovers on its own; the topology and consumers are set up again on each connect.
 */
export class RabbitMqTransport extends MessageTransport {
  readonly name = 'rabbitmq'
  override readonly publishesConcurrently = true
  readonly options: RabbitMqTransportOptions
  readonly #subscriptions: Subscription[] = []
  #connection?: Promise<RecoveringChannelModel>
  #publisher?: ConfirmChannel
  #consuming = false

  constructor(
    options: Partial<RabbitMqTransportOptions> & Pick<RabbitMqTransportOptions, 'url'>,
    private readonly onError: (error: unknown, context: string) => void = () => {}
  ) {
    super()
    this.options = {
      exchange: 'pantheon.events',
      deadLetterExchange: 'pantheon.dead-letter',
      queuePrefix: 'pantheon.',
      prefetch: 20,
      publishTimeoutMs: 5_000,
      requeueDelayMs: 1_000,
      heartbeatSeconds: 10,
      connectTimeoutMs: 5_000,
      maxMessageBytes: DEFAULT_MAX_MESSAGE_BYTES,
      ...options,
    }
  }

  queueOf(module: string): string {
    return `${this.options.queuePrefix}${module}`
  }

  subscribe(subscription: Subscription): void {
    this.#subscriptions.push(subscription)
  }

  async publish(event: IntegrationEvent<unknown>): Promise<void> {
    await this.connection()
    const channel = this.#publisher
    if (!channel) throw new Error(`RabbitMQ is unreachable at ${redact(this.options.url)}`)
    const confirmed = new Promise<void>((resolve, reject) => {
      const { content, options } = amqpMessageOf(event)
      channel.publish(this.options.exchange, eventRoute(event), content, options, (error) =>
        error ? reject(new Error(`RabbitMQ refused ${event.type}: ${error}`)) : resolve()
      )
    })
    await withTimeout(
      confirmed,
      this.options.publishTimeoutMs,
      `RabbitMQ did not confirm ${event.type} within ${this.options.publishTimeoutMs} ms`
    )
  }

  /**
   * A round trip to the broker (a channel opened and closed), not only a look at the socket: a
   * connection cut without a reset stays open and silent until two heartbeats have passed (20 s
   * by default), while readiness must turn within its 2 s bound. Callers bound the wait.
   */
  async checkConnection(): Promise<void> {
    const model = await this.connection()
    if (!this.#publisher) throw new Error(`RabbitMQ is unreachable at ${redact(this.options.url)}`)
    const probe = await model.createChannel()
    await probe.close()
  }

  async startConsuming(): Promise<void> {
    if (this.#consuming) return
    this.#consuming = true
    const model = await this.connection()
    // Already connected: setup ran without consumers, so start them on this connection now.
    // Not yet connected: setup starts them when the connection comes.
    if (this.#publisher) await this.startConsumers(model as unknown as ChannelModel)
  }

  async close(): Promise<void> {
    this.#consuming = false
    const connection = this.#connection
    this.#connection = undefined
    this.#publisher = undefined
    if (!connection) return
    const model = await connection
    await model.close().catch(() => {})
  }

  private connection(): Promise<RecoveringChannelModel> {
    this.#connection ??= connect(withHeartbeat(this.options.url, this.options.heartbeatSeconds), {
      // amqplib leaves Nagle's algorithm on: a publish or an ack written while an earlier
      // segment is unacknowledged waits for the broker's delayed ACK (40 ms on Linux).
      noDelay: true,
      timeout: this.options.connectTimeoutMs,
      recovery: {
        // The host starts even while the broker is away; publishes fail (and are retried
        // by the relay) until the first connection comes.
        waitForConnect: false,
        maxDelay: 5_000,
        setup: (model: ChannelModel) => this.setup(model),
      },
    }).then((model) => {
      model.on('error', (error) => this.onError(error, 'RabbitMQ connection'))
      model.on('disconnect', () => (this.#publisher = undefined))
      model.on('connect-failed', (error) => this.onError(error, 'RabbitMQ connect'))
      return model
    })
    return this.#connection
  }

  private async setup(model: ChannelModel): Promise<void> {
    // A broken socket is reported on this connection too; unheard, it would crash the process.
    model.on('error', (error) => this.onError(error, 'RabbitMQ connection lost'))
    const channel = await model.createConfirmChannel()
    channel.on('error', (error) => this.onError(error, 'RabbitMQ publishing channel'))
    channel.on('close', () => {
      if (this.#publisher === channel) this.#publisher = undefined
    })
    await this.declareTopology(channel)
    this.#publisher = channel
    if (this.#consuming) await this.startConsumers(model)
  }

  private byModule(): Map<string, Subscription[]> {
    const modules = new Map<string, Subscription[]>()
    for (const subscription of this.#subscriptions) {
      modules.set(subscription.module, [...(modules.get(subscription.module) ?? []), subscription])
    }
    return modules
  }

  private async declareTopology(channel: Channel): Promise<void> {
    const { exchange, deadLetterExchange } = this.options
    await channel.assertExchange(exchange, 'topic', { durable: true })
    await channel.assertExchange(deadLetterExchange, 'direct', { durable: true })
    for (const [module, subscriptions] of this.byModule()) {
      const queue = this.queueOf(module)
      await channel.assertQueue(queue, {
        durable: true,
        arguments: {
          'x-dead-letter-exchange': deadLetterExchange,
          'x-dead-letter-routing-key': queue,
        },
      })
      await channel.assertQueue(`${queue}.dead-letter`, { durable: true })
      await channel.bindQueue(`${queue}.dead-letter`, deadLetterExchange, queue)
      for (const route of new Set(subscriptions.map((subscription) => eventRoute(subscription)))) {
        await channel.bindQueue(queue, exchange, route)
      }
    }
  }

  private async startConsumers(model: ChannelModel): Promise<void> {
    const channel = await model.createChannel()
    channel.on('error', (error) => this.onError(error, 'RabbitMQ consuming channel'))
    await channel.prefetch(this.options.prefetch)
    for (const [module, subscriptions] of this.byModule()) {
      await channel.consume(this.queueOf(module), (message) => {
        if (message) void this.handle(channel, message, subscriptions)
      })
    }
  }

  private async handle(channel: Channel, message: ConsumeMessage, subscriptions: Subscription[]) {
    const route = message.fields.routingKey
    const bound = subscriptions.filter((subscription) => eventRoute(subscription) === route)
    if (bound.length === 0) {
      // Routed by a binding none of the module's consumers has any more (an earlier deploy's).
      const queue = this.queueOf(subscriptions[0]?.module ?? '')
      this.onError(
        new Error(`${queue} is bound to ${route}, which none of its consumers reads`),
        `acknowledged a message of ${route}; unbind it from ${queue}`
      )
      settle(() => channel.ack(message))
      return
    }
    const key = deliveryKey(message)
    const inbound = inboundAmqpMessage(message)
    try {
      for (const subscription of bound) {
        await receiveMessage(
          subscription,
          inbound,
          { type: subscription.type, key },
          this.options.maxMessageBytes,
          this.onError
        )
      }
      settle(() => channel.ack(message))
    } catch (error) {
      this.onError(error, `could not apply a message of ${route}`)
      await sleep(this.options.requeueDelayMs)
      settle(() => channel.nack(message, false, true))
    }
  }
}

/** The same on every redelivery of a message: its id (when the publisher set one) and content. */
function deliveryKey(message: ConsumeMessage): string {
  const digest = createHash('sha256').update(message.content).digest('hex')
  return `${message.properties.messageId ?? ''}/${digest}`
}

/** On a channel that closed meanwhile the broker redelivers the message anyway. */
function settle(action: () => void): void {
  try {
    action()
  } catch {}
}
