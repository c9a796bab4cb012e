import type { RetryPolicy } from './retrying_delivery.js'

/** The transports Pantheon ships; `init --transport` and MESSAGE_TRANSPORT accept these. */
export const TRANSPORT_KINDS = ['memory', 'redis', 'rabbitmq'] as const
export type TransportKind = (typeof TRANSPORT_KINDS)[number]

export interface RedisTransportSettings {
  /** The @adonisjs/redis connection (config/redis.ts) the transport publishes on. */
  connection: string
  /** One stream per event type: `<prefix><type>`. */
  streamPrefix: string
  /** A consumer's entry still unacknowledged this long is claimed by a live consumer. */
  claimIdleMs: number
  /** How long one blocking read waits for new entries. */
  blockMs: number
  /** Approximate cap on each stream's length (older, long-acknowledged entries are trimmed). */
  maxLength: number
}

export interface RabbitMqTransportSettings {
  url: string
  /** The durable topic exchange every event is published to, routed by its type. */
  exchange: string
  /** Where a module's queue sends messages it rejects as malformed. */
  deadLetterExchange: string
  /** Each consuming module gets one durable queue, `<prefix><module>`. */
  queuePrefix: string
  /** Messages a consumer process works on at once. */
  prefetch: number
}

export interface MessagingConfig {
  transport: TransportKind
  relay: {
    /** Run the relay inside the web host (else `node ace outbox:relay` runs it). */
    inProcess: boolean
    batchSize: number
    leaseMs: number
    pollMs: number
  }
  /** Tries per consumer before an event becomes that consumer's dead letter. */
  consumers: Pick<RetryPolicy, 'maxAttempts'>
  redis: RedisTransportSettings
  rabbitmq: RabbitMqTransportSettings
}

export function defineMessagingConfig(config: MessagingConfig): MessagingConfig {
  if (!TRANSPORT_KINDS.includes(config.transport)) {
    throw new Error(
      `Unknown message transport "${config.transport}"; use one of ${TRANSPORT_KINDS.join(', ')}`
    )
  }
  if (!Number.isInteger(config.consumers.maxAttempts) || config.consumers.maxAttempts < 1) {
    throw new Error('MESSAGE_MAX_ATTEMPTS must be a whole number of at least 1')
  }
  return config
}
