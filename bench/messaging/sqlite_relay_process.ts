import { setTimeout as sleep } from 'node:timers/promises'
import { MessagingDeployment } from '#tests/integration/messaging/faults/messaging_host'

/** The drain rate the documented SQLite set-up (relay in its own process) must reach. */
export const SQLITE_DRAIN_TARGET = 1_000

export interface SqliteRelayOptions {
  /** Events waiting in the outbox when the relay starts. */
  backlog: number
  /** Creates per second the host keeps taking while the relay drains. */
  writeRate: number
  port: number
}

export interface SqliteRelayResult {
  backlog: number
  drained: number
  seconds: number
  eventsPerSecond: number
  /** "database is locked" lines in the host's and the relay's output. */
  lockFailures: number
  /** Creates that did not answer 201 while the relay drained. */
  failedWrites: number
}

async function create(port: number, n: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/catalog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Relay bench ${n}`, price: 10 }),
  })
  await response.arrayBuffer()
  return response.status
}

/** Creates `count` products, 20 at a time; throws on any answer but 201. */
async function fillThroughTheApi(port: number, count: number): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < count) {
      const status = await create(port, next++)
      if (status !== 201) throw new Error(`a create answered ${status} while filling the outbox`)
    }
  }
  await Promise.all(Array.from({ length: 20 }, worker))
}

/**
 * The set-up docs/messaging.md documents for SQLite: a host started with OUTBOX_RELAY=off and
 * `node ace outbox:relay` next to it, both on one database file, Redis Streams between them.
 * The outbox is filled through the API with the relay stopped; then the relay starts while the
 * host keeps taking creates at a steady rate, and the clock runs until the outbox has nothing
 * pending. Two processes writing one SQLite file is exactly where lock failures come from.
 */
export async function sqliteRelayProcess(options: SqliteRelayOptions): Promise<SqliteRelayResult> {
  const deployment = new MessagingDeployment('redis', 6379, {
    OUTBOX_RELAY: 'off',
    OUTBOX_LEASE_MS: '30000',
  })
  const host = await deployment.startHost(options.port, { LOG_LEVEL: 'warn' })
  let relayOutput = ''
  try {
    await fillThroughTheApi(options.port, options.backlog)
    const pending = () =>
      deployment.query<{ n: number }>(
        "select count(*) as n from pantheon_outbox where status = 'pending'"
      )[0].n

    const relay = deployment.startRelay()
    relay.stdout?.on('data', (chunk) => (relayOutput += chunk))
    relay.stderr?.on('data', (chunk) => (relayOutput += chunk))
    const startedAt = performance.now()
    let writing = true
    let written = 0
    let failedWrites = 0
    const writer = (async () => {
      const interval = 1000 / options.writeRate
      while (writing) {
        const due = startedAt + written * interval
        if (performance.now() < due) await sleep(due - performance.now())
        const n = written++
        void create(options.port, options.backlog + n).then(
          (status) => status !== 201 && failedWrites++,
          () => failedWrites++
        )
      }
    })()
    const deadline = Date.now() + 120_000
    while (Date.now() < deadline && !(written > 0 && pending() === 0)) await sleep(20)
    const seconds = (performance.now() - startedAt) / 1000
    const drained = deployment.query<{ n: number }>(
      "select count(*) as n from pantheon_outbox where status = 'sent'"
    )[0].n
    writing = false
    await writer
    relay.kill('SIGTERM')
    await new Promise((resolve) => relay.once('exit', resolve))
    return {
      backlog: options.backlog,
      drained,
      seconds,
      eventsPerSecond: drained / seconds,
      lockFailures: `${host.output()}${relayOutput}`.match(/database is locked/g)?.length ?? 0,
      failedWrites,
    }
  } finally {
    await host.stop()
    deployment.removeFiles()
    await deployment.removeBrokerState()
  }
}
