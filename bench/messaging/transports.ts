import { setTimeout as sleep } from 'node:timers/promises'
import { MessageTransport, type MessagingConfig, type TransportKind } from '@pantheon/kit/messaging'
import { transportHarness } from '#tests/integration/messaging/transports/transport_harness'

export type BenchTransportKind = 'no-publish' | TransportKind

export const TRANSPORT_LABELS: Record<BenchTransportKind, string> = {
  'no-publish': 'no publish',
  'memory': 'memory',
  'redis': 'Redis Streams',
  'rabbitmq': 'RabbitMQ (confirms)',
}

/** Takes every event and does nothing: what is left is the relay's own cost, claiming and marking rows. */
class NoPublishTransport extends MessageTransport {
  readonly name = 'no-publish'
  // As the brokers do, so the relay takes the same path through a batch.
  override readonly publishesConcurrently = true
  subscribe(): void {}
  async publish(): Promise<void> {}
  async startConsuming(): Promise<void> {}
  async checkConnection(): Promise<void> {}
  async close(): Promise<void> {}
}

export interface OpenedTransport {
  transport: MessageTransport
  /** Closes the transport and removes every stream, queue and exchange it created. */
  cleanup(): Promise<void>
}

/**
 * A transport on names of its own, made and removed by the contract suite's harness (the same
 * isolation and cleanup the tests rely on), but with the app's configured timings instead of
 * the harness's short test ones.
 */
export async function openTransport(
  kind: BenchTransportKind,
  config: MessagingConfig
): Promise<OpenedTransport> {
  if (kind === 'no-publish') return { transport: new NoPublishTransport(), cleanup: async () => {} }
  const harness = transportHarness(kind)
  const { claimIdleMs, blockMs, maxLength } = config.redis
  const settings =
    kind === 'redis' ? { claimIdleMs, blockMs, maxLength } : { prefetch: config.rabbitmq.prefetch }
  return { transport: await harness.make(settings), cleanup: () => harness.cleanup() }
}

/**
 * Waits until the transport can publish, so no timed run includes the connection. RabbitMQ
 * connects in the background (the host starts while the broker is away) and declares its
 * topology for the subscriptions made before, so subscribe first.
 */
export async function untilConnected(
  transport: MessageTransport,
  timeoutMs = 10_000
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      return await transport.checkConnection()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await sleep(50)
    }
  }
}
