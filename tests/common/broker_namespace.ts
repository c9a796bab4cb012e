import { connect } from 'amqplib'
import { Redis } from 'ioredis'

/**
 * Removes what an app under MESSAGE_NAMESPACE=<namespace> created on the machine's real broker:
 * Redis streams `<ns>:*`, or RabbitMQ's `<ns>.*` exchanges and the queues of the modules that
 * consume (Orders, in this repository).
 */
export async function removeNamespace(
  kind: 'redis' | 'rabbitmq',
  namespace: string,
  modules = ['orders']
) {
  if (kind === 'redis') {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379')
    try {
      const keys = await redis.keys(`${namespace}:*`)
      if (keys.length > 0) await redis.del(...keys)
    } finally {
      redis.disconnect()
    }
    return
  }
  const connection = await connect(process.env.RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672')
  try {
    const channel = await connection.createChannel()
    for (const module of modules) {
      await channel.deleteQueue(`${namespace}.${module}`)
      await channel.deleteQueue(`${namespace}.${module}.dead-letter`)
    }
    await channel.deleteExchange(`${namespace}.events`)
    await channel.deleteExchange(`${namespace}.dead-letter`)
  } finally {
    await connection.close()
  }
}
