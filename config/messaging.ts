import env from '#start/env'
import { defineMessagingConfig } from '@pantheon/kit/messaging'

/** Prefix of every stream, exchange and queue name: apps sharing a broker set different ones. */
const namespace = env.get('MESSAGE_NAMESPACE', 'pantheon')
if (!/^[a-z0-9][a-z0-9_-]*$/i.test(namespace)) {
  throw new Error(
    `MESSAGE_NAMESPACE may hold letters, digits, "-" and "_" only (got "${namespace}")`
  )
}

/**
 * Integration events between modules: which transport carries them, where the outbox relay
 * runs, and how often a consumer tries an event before it becomes a dead letter.
 * See docs/messaging.md.
 */
export default defineMessagingConfig({
  transport: env.get('MESSAGE_TRANSPORT', 'memory'),
  relay: {
    inProcess: env.get('OUTBOX_RELAY', 'in-process') === 'in-process',
    batchSize: 100,
    leaseMs: env.get('OUTBOX_LEASE_MS', 30_000),
    pollMs: 1_000,
  },
  consumers: { maxAttempts: env.get('MESSAGE_MAX_ATTEMPTS', 5) },
  /**
   * The largest message, in bytes of its JSON: the outbox refuses to write a larger event, and
   * one that arrives from elsewhere becomes a dead letter unread.
   */
  maxMessageBytes: env.get('MESSAGE_MAX_BYTES', 262_144),
  /**
   * What the relay removes once old enough, every minute, 1,000 rows a transaction: sent outbox
   * rows, and consumers' records of the events they applied (an event delivered again after its
   * record is gone would be applied again, so keep them longer than any redelivery takes).
   */
  retention: {
    outbox: env.get('OUTBOX_RETENTION', '7d'),
    inbox: env.get('INBOX_RETENTION', '7d'),
    intervalMs: 60_000,
    batchSize: 1_000,
  },
  redis: {
    connection: 'main',
    streamPrefix: `${namespace}:events:`,
    claimIdleMs: env.get('REDIS_CLAIM_IDLE_MS', 30_000),
    blockMs: 1_000,
    // Trimmed of acknowledged entries past this; unacknowledged ones only past the hard limit.
    maxLength: 100_000,
    hardMaxLength: env.get('REDIS_STREAM_HARD_MAX_LENGTH'),
  },
  rabbitmq: {
    url: env.get('RABBITMQ_URL', 'amqp://guest:guest@127.0.0.1:5672'),
    exchange: `${namespace}.events`,
    deadLetterExchange: `${namespace}.dead-letter`,
    queuePrefix: `${namespace}.`,
    prefetch: 20,
  },
})
