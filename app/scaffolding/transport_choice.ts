import {
  TRANSPORT_KINDS,
  type TransportKind,
} from '../building_blocks/infrastructure/messaging/messaging_config.js'
import { ScaffoldError } from './scaffold_error.js'

/** The line of config/messaging.ts that picks the transport when MESSAGE_TRANSPORT is unset. */
const DEFAULT_TRANSPORT_LINE = /env\.get\('MESSAGE_TRANSPORT', '(memory|redis|rabbitmq)'\)/

/** What each transport needs in the environment, with the values this machine's services use. */
const TRANSPORT_ENV: Record<TransportKind, Record<string, string>> = {
  memory: {},
  redis: { REDIS_URL: 'redis://127.0.0.1:6379' },
  rabbitmq: { RABBITMQ_URL: 'amqp://guest:guest@127.0.0.1:5672' },
}

export function assertTransportKind(kind: string): TransportKind {
  if ((TRANSPORT_KINDS as readonly string[]).includes(kind)) return kind as TransportKind
  throw new ScaffoldError(
    `Unknown transport "${kind}"`,
    `Use one of: ${TRANSPORT_KINDS.join(', ')}`
  )
}

/**
 * config/messaging.ts with the chosen transport as its default: the app uses it on a fresh
 * clone with no .env, and MESSAGE_TRANSPORT still overrides it per environment.
 */
export function withDefaultTransport(messagingConfig: string, kind: TransportKind): string {
  if (!DEFAULT_TRANSPORT_LINE.test(messagingConfig)) {
    throw new Error(
      "config/messaging.ts no longer reads env.get('MESSAGE_TRANSPORT', ...): update transport_choice.ts"
    )
  }
  return messagingConfig.replace(DEFAULT_TRANSPORT_LINE, `env.get('MESSAGE_TRANSPORT', '${kind}')`)
}

/** The .env of a new app: the transport and what it connects to, every line read by start/env.ts. */
export function transportEnvFile(kind: TransportKind): string {
  const lines = [
    `MESSAGE_TRANSPORT=${kind}`,
    ...Object.entries(TRANSPORT_ENV[kind]).map(([k, v]) => `${k}=${v}`),
  ]
  return `# Written by node ace init --transport ${kind}; see .env.example for every variable.\n${lines.join('\n')}\n`
}
