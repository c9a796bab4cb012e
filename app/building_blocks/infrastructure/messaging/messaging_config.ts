import { DEFAULT_MAX_MESSAGE_BYTES } from './event_envelope.js'
import type { RetryPolicy } from './retrying_delivery.js'
import { retentionPolicy, type RetentionSettings } from './retention_settings.js'

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
  /**
   * Past this length a stream is trimmed of the entries every consumer group acknowledged; what
   * a group has not acknowledged stays, however long the stream grows.
   */
  maxLength: number
  /**
   * Unset (the default), nothing unacknowledged is ever trimmed. Set, a stream longer than this
   * loses its oldest entries whether acknowledged or not; each group's unacknowledged ones are
   * logged and counted as lost (`pantheon.events.lost`). A cap on Redis's memory, at that price.
   */
  hardMaxLength?: number
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
  /** What the relay removes once old enough; left out (apps made before it existed): nothing. */
  retention?: RetentionSettings
  /**
   * The largest message, in bytes of its JSON: a larger event is refused by the outbox and, sent
   * by anyone else, becomes a dead letter unread. Left out (apps made before it existed): 256 KB.
   */
  maxMessageBytes?: number
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
  const { hardMaxLength } = config.redis
  if (hardMaxLength !== undefined && (!Number.isInteger(hardMaxLength) || hardMaxLength < 1)) {
    throw new Error('REDIS_STREAM_HARD_MAX_LENGTH must be a whole number of at least 1, or unset')
  }
  // Checked at load: a typo must stop the start, not purge at an age nobody meant.
  retentionPolicy(config.retention)
  const { maxMessageBytes } = config
  if (
    maxMessageBytes !== undefined &&
    (!Number.isInteger(maxMessageBytes) || maxMessageBytes < 1024)
  ) {
    throw new Error('MESSAGE_MAX_BYTES must be a whole number of bytes, at least 1024')
  }
  return config
}

/** The configured message size limit, or the default of apps made before it existed. */
export function messageSizeLimit(config: Pick<MessagingConfig, 'maxMessageBytes'>): number {
  return config.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES
}
