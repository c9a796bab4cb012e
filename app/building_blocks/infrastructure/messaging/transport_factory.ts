import type { Redis } from 'ioredis'
import { MemoryTransport } from './memory_transport.js'
import type { MessageTransport } from './message_transport.js'
import { messageSizeLimit, type MessagingConfig } from './messaging_config.js'

export interface TransportDependencies {
  /** The Redis client of the configured connection; only asked for by the redis transport. */
  redis: (connection: string) => Promise<Redis>
  onError: (error: unknown, context: string) => void
}

/**
 * The configured transport. Broker drivers are imported here, on demand: an app on `memory`
 * never loads amqplib or ioredis.
 */
export async function createTransport(
  config: MessagingConfig,
  dependencies: TransportDependencies
): Promise<MessageTransport> {
  const maxMessageBytes = messageSizeLimit(config)
  switch (config.transport) {
    case 'memory':
      return new MemoryTransport({ maxMessageBytes }, dependencies.onError)
    case 'redis': {
      const { RedisStreamTransport } = await import('./redis_stream_transport.js')
      const client = await dependencies.redis(config.redis.connection)
      return new RedisStreamTransport(
        client,
        { ...config.redis, maxMessageBytes },
        dependencies.onError
      )
    }
    case 'rabbitmq': {
      const { RabbitMqTransport } = await import('./rabbitmq_transport.js')
      return new RabbitMqTransport({ ...config.rabbitmq, maxMessageBytes }, dependencies.onError)
    }
  }
}
