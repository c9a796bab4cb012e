/*
 * Messaging benchmark (npm run bench:messaging), measured side by side in one run against the
 * real PostgreSQL, Redis and RabbitMQ on this machine:
 *
 * 1. Relay throughput: the outbox is filled with N committed events and one OutboxRelay.drain()
 *    is timed, into a transport that publishes nothing (the relay's own cost), Redis Streams and
 *    RabbitMQ with publisher confirms; interleaved rounds, medians, spreads, ratio to no-publish.
 * 2. Commit-to-consume latency at a fixed offered rate: commands commit events through the
 *    outbox, the relay is woken on commit, a consumer applies them through the inbox; p50/p99
 *    per transport (memory, Redis, RabbitMQ).
 * 3. SQLite with the relay as its own process (the documented set-up): a host process with
 *    OUTBOX_RELAY=off and `node ace outbox:relay` on one database file, Redis between them; the
 *    drain rate of a backlog while the host keeps taking creates, and "database is locked"
 *    failures counted in both processes' output.
 *
 * The app is booted in this process on a database of its own (pantheon_bench_messaging, created
 * and dropped); every stream, queue and exchange is on names of its own and removed. Prints
 * Markdown, writes bench/results/messaging-latest.md and .json, and exits 1 when the rounds of a
 * throughput figure spread by more than 10% (same rule as bench/http_bench.ts) or when a
 * committed event was never applied, a lock failure or failed create happened on SQLite, or the
 * SQLite drain stayed under its target.
 *
 *   npm run bench:messaging -- --events 20000 --rounds 3 --rate 500 --seconds 10 \
 *     --sqlite-backlog 10000 --sqlite-write-rate 200
 *
 * BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) is where the database
 * is created; REDIS_URL and RABBITMQ_URL are the brokers, as for the app.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { MessagingConfig } from '@pantheon/kit/messaging'
import { bootOnFreshDatabase } from './messaging/bench_app.js'
import { commitLatency } from './messaging/commit_latency.js'
import { relayThroughput } from './messaging/relay_throughput.js'
import { lossyRows, markdownReport, unstableRows } from './messaging/report.js'
import { SQLITE_DRAIN_TARGET, sqliteRelayProcess } from './messaging/sqlite_relay_process.js'

const ROOT = join(import.meta.dirname, '..')
const { values: flags } = parseArgs({
  options: {
    'events': { type: 'string', default: '20000' },
    // A warm-up as long as a round: with a short one the first measured round ran 20–25% slow.
    'warmup-events': { type: 'string' },
    'rounds': { type: 'string', default: '3' },
    'rate': { type: 'string', default: '500' },
    'seconds': { type: 'string', default: '10' },
    'warmup-seconds': { type: 'string', default: '2' },
    'sqlite-backlog': { type: 'string', default: '10000' },
    'sqlite-write-rate': { type: 'string', default: '200' },
  },
})
flags['warmup-events'] ??= flags.events
const numbers = Object.fromEntries(
  Object.entries(flags).map(([name, value]) => {
    const number = Number(value)
    if (!Number.isInteger(number) || number < 1)
      throw new Error(`--${name} takes a whole number from 1, not "${value}"`)
    return [name, number]
  })
)
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

const bench = await bootOnFreshDatabase(PG_ADMIN_URL)
try {
  const config = bench.app.config.get<MessagingConfig>('messaging')
  // The relay's batch as the app configures it, so the figures are the production relay's.
  const batchSize = config.relay.batchSize
  const options = {
    relay: {
      events: numbers.events,
      rounds: numbers.rounds,
      warmupEvents: numbers['warmup-events'],
      batchSize,
    },
    latency: {
      rate: numbers.rate,
      seconds: numbers.seconds,
      rounds: numbers.rounds,
      warmupSeconds: numbers['warmup-seconds'],
      batchSize,
    },
  }
  const throughput = await relayThroughput(bench.db, config, options.relay)
  const latency = await commitLatency(bench.db, config, options.latency)
  const sqlite = await sqliteRelayProcess({
    backlog: numbers['sqlite-backlog'],
    writeRate: numbers['sqlite-write-rate'],
    port: 5470,
  })

  const markdown = markdownReport(throughput, latency, sqlite, options)
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true })
  writeFileSync(join(ROOT, 'bench/results/messaging-latest.md'), `${markdown}\n`)
  writeFileSync(
    join(ROOT, 'bench/results/messaging-latest.json'),
    `${JSON.stringify({ options, throughput, latency, sqlite }, null, 2)}\n`
  )
  console.log(markdown)
  const sqliteFailed =
    sqlite.lockFailures > 0 ||
    sqlite.failedWrites > 0 ||
    sqlite.eventsPerSecond < SQLITE_DRAIN_TARGET
  if (unstableRows(throughput).length > 0 || lossyRows(latency).length > 0 || sqliteFailed)
    process.exitCode = 1
} finally {
  await bench.close()
}
