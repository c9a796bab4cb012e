import { createTransport } from '../building_blocks/infrastructure/messaging/transport_factory.js'
import type { MessagingConfig } from '../building_blocks/infrastructure/messaging/messaging_config.js'
import { redisConnection } from '../host/redis_connection.js'
import type { DoctorCheck, DoctorContext, Finding } from './doctor_check.js'

/** How long the broker has to answer. */
const REACHABLE_WITHIN_MS = 3000

/** Resolves with the promise, or rejects once `ms` passed without it settling. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** The namespace the broker's names start with (config/messaging.ts, MESSAGE_NAMESPACE). */
export function brokerNamespace(config: MessagingConfig): string | undefined {
  if (config.transport === 'redis') return config.redis.streamPrefix.replace(/:events:$/, '')
  if (config.transport === 'rabbitmq') return config.rabbitmq.exchange.replace(/\.events$/, '')
  return undefined
}

/** Why the message of a failure, whatever was thrown. */
function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * Redis answers a PING (what its transport's checkConnection sends). The connection is dropped
 * afterwards: ioredis would otherwise retry for ever and keep the command from exiting.
 */
async function redisUnreachable({ app }: DoctorContext, config: MessagingConfig) {
  const { ioConnection } = await redisConnection(app.container, config.redis.connection)
  const ping = ioConnection.ping()
  ping.catch(() => {})
  try {
    await within(ping, REACHABLE_WITHIN_MS, 'Redis')
    return undefined
  } catch (error) {
    return reasonOf(error)
  } finally {
    ioConnection.disconnect()
  }
}

/** The configured broker answers (the transport's checkConnection), within a few seconds. */
async function unreachable(context: DoctorContext, config: MessagingConfig) {
  if (config.transport === 'redis') return redisUnreachable(context, config)
  const transport = await createTransport(config, {
    redis: () => Promise.reject(new Error('not a Redis transport')),
    onError: () => {},
  })
  const answer = transport.checkConnection()
  answer.catch(() => {})
  try {
    await within(answer, REACHABLE_WITHIN_MS, `the ${config.transport} broker`)
    return undefined
  } catch (error) {
    return reasonOf(error)
  } finally {
    await within(transport.close(), REACHABLE_WITHIN_MS, 'closing the transport').catch(() => {})
  }
}

/** The messaging configuration: the broker answers, and its names do not collide with another app's. */
export const messagingCheck: DoctorCheck = {
  id: 'messaging',
  title: 'Messaging configuration',
  async run(context) {
    const config = context.app.config.get<MessagingConfig | undefined>('messaging')
    if (!config) {
      return [
        {
          severity: 'error',
          message: 'there is no messaging configuration (config/messaging.ts)',
          fix: 'node ace configure @pantheon/kit',
        },
      ]
    }
    const findings: Finding[] = []
    const namespace = brokerNamespace(config)
    if (namespace === 'pantheon') {
      findings.push({
        severity: 'warning',
        message: `the ${config.transport} broker's names use the default namespace "pantheon": two apps on one broker would read each other's events`,
        fix: 'set MESSAGE_NAMESPACE=<this app> in .env (letters, digits, "-" and "_")',
      })
    }
    if (config.transport !== 'memory') {
      const reason = await unreachable(context, config)
      if (reason !== undefined) {
        findings.push({
          severity: 'error',
          message: `the ${config.transport} transport is unreachable: ${reason}`,
          fix:
            config.transport === 'redis'
              ? 'start Redis, or correct REDIS_URL (or MESSAGE_TRANSPORT) in .env'
              : 'start RabbitMQ, or correct RABBITMQ_URL (or MESSAGE_TRANSPORT) in .env',
        })
      }
    }
    return findings
  },
}
