import { test } from '@japa/runner'
import { startServerProcess } from '#tests/common/server_process'
import { startPostgresInstance } from '#tests/common/postgres_instance'
import { startRequestStream, type Exchange } from '#tests/common/request_stream'
import { storedInPostgres } from '#tests/common/stored_products'
import { testPort } from '#tests/common/test_ports'

/*
 * The app runs as a child process on a PostgreSQL server of the test's own (port TEST_PORT + 319, in a
 * temporary folder), which is killed (`pg_ctl stop -m immediate`) under a steady stream of
 * creates and reads, then started again. The test does the same whichever database the suite
 * runs on, so CI, which runs the integration suite on SQLite and again on PostgreSQL, runs it
 * twice: it takes about 15 s, less than a condition that would let one of those runs pass
 * without it is worth.
 */
const APP_PORT = testPort(310)
const PG_PORT = testPort(319)
const ORIGIN = `http://127.0.0.1:${APP_PORT}`
const DOWN_MS = 3000
const RECOVERY_LIMIT_MS = 5000

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const now = () => performance.now()

const isSuccess = (exchange: Exchange) => exchange.status === 200 || exchange.status === 201
/** 503 problem details: Database.Unavailable, or CommitUnconfirmed for a create whose COMMIT was
 * on its way when the server died. */
const isUnavailableProblem = (exchange: Exchange) =>
  exchange.status === 503 &&
  exchange.contentType.startsWith('application/problem+json') &&
  ['Database.Unavailable', 'Database.CommitUnconfirmed'].includes(exchange.code ?? '')
const describe = (exchanges: Exchange[]) =>
  exchanges
    .slice(0, 5)
    .map((exchange) => JSON.stringify(exchange))
    .join('\n')

/** Polls until a create answers 201 and readiness 200; resolves with the time it happened. */
async function recovery(deadline: number): Promise<number | undefined> {
  while (now() < deadline) {
    const created = await fetch(`${ORIGIN}/api/catalog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Probe', price: 1 }),
    })
    const ready = await fetch(`${ORIGIN}/health/ready`)
    if (created.status === 201 && ready.status === 200) return now()
    await pause(100)
  }
}

test.group('PostgreSQL killed under load', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  test('answers 503 while it is down, never crashes, recovers within 5 s and loses no acknowledged write', async ({
    assert,
    cleanup,
  }) => {
    const postgres = await startPostgresInstance(PG_PORT)
    cleanup(() => postgres.destroy())
    const server = await startServerProcess({
      NODE_ENV: 'production',
      APP_KEY: 'a-production-key-that-is-long-enough-123',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(APP_PORT),
      DB_CONNECTION: 'pg',
      DATABASE_URL: postgres.url,
      DB_AUTO_MIGRATE: 'true',
      // The stream comes from one client; the per-client limit has its own tests.
      RATE_LIMIT_STORE: 'off',
    })
    cleanup(async () => void (await server.stop()))
    const stream = startRequestStream(ORIGIN, { writers: 4, readers: 2, pauseMs: 20 })
    cleanup(() => stream.stop())

    // At least a second and a half of traffic, and more on a busy machine until 21 requests were
    // answered: the kill must land in a stream that was flowing.
    await pause(1500)
    const flowingBy = now() + 30_000
    while (stream.exchanges.length <= 20 && now() < flowingBy) await pause(100)
    const killedAt = now()
    postgres.kill()
    const downAt = now()

    await pause(1000)
    const live = await fetch(`${ORIGIN}/health/live`)
    const ready = await fetch(`${ORIGIN}/health/ready`)
    const readyProblem = (await ready.json()) as { code?: string }
    const aliveWhileDown = server.process.exitCode === null && server.process.signalCode === null
    await pause(DOWN_MS - 1000)

    const restartAt = now()
    postgres.start()
    const upAt = now()
    const recoveredAt = await recovery(upAt + RECOVERY_LIMIT_MS)
    await pause(2000)
    await stream.stop()

    const { exchanges, acknowledged } = stream
    const before = exchanges.filter((exchange) => exchange.answeredAt < killedAt)
    const whileDown = exchanges.filter(
      (exchange) => exchange.sentAt >= downAt && exchange.answeredAt <= restartAt
    )
    const afterRecovery = exchanges.filter(
      (exchange) => recoveredAt !== undefined && exchange.sentAt >= recoveredAt
    )

    assert.isAbove(before.length, 20, 'the stream was flowing before the kill')
    assert.deepEqual(
      before.filter((exchange) => !isSuccess(exchange)),
      [],
      'before the kill every request succeeds'
    )
    assert.isAbove(whileDown.length, 20, 'requests kept arriving while the database was down')
    assert.deepEqual(
      whileDown.filter((exchange) => !isUnavailableProblem(exchange)),
      [],
      'while down: 503 Database.Unavailable problem details'
    )
    const neither = exchanges.filter(
      (exchange) => !isSuccess(exchange) && !isUnavailableProblem(exchange)
    )
    const phases = `killed at ${killedAt.toFixed(0)}, restarted at ${restartAt.toFixed(0)}, recovered at ${recoveredAt?.toFixed(0)}`
    assert.lengthOf(
      neither,
      0,
      `every answer is a success or 503 Database.Unavailable (or CommitUnconfirmed), never a 500 or a dropped connection (${phases}):\n${describe(neither)}`
    )

    assert.isTrue(aliveWhileDown, 'the process is alive while the database is down')
    assert.equal(live.status, 200)
    assert.equal(ready.status, 503)
    assert.equal(readyProblem.code, 'Health.NotReady')

    assert.isDefined(
      recoveredAt,
      `a create answered 201 and readiness 200 within ${RECOVERY_LIMIT_MS} ms of the restart`
    )
    assert.isAbove(afterRecovery.length, 20, 'the stream went on after the recovery')
    assert.deepEqual(
      afterRecovery.filter((exchange) => !isSuccess(exchange)),
      [],
      'after the recovery every request succeeds'
    )

    const stored = await storedInPostgres(postgres.url, acknowledged)
    assert.equal(
      stored.present,
      acknowledged.length,
      'every id answered with 201 is in the database'
    )
    assert.equal(await server.stop(), 0, 'the host still shuts down cleanly')
  }).timeout(120_000)
})
