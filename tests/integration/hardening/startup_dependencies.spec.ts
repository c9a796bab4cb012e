import { test } from '@japa/runner'
import pg from 'pg'
import { startServerProcess } from '#tests/common/server_process'
import { TcpProxy } from '#tests/common/tcp_proxy'
import { TEST_PORT, testPort } from '#tests/common/test_ports'

/** This group's ports, above TEST_PORT (5100 by default); nothing listens on NOWHERE. */
const HTTP_PORT = testPort(40)
const PROXY_PORT = testPort(41)
const NOWHERE = testPort(42)
const DATABASE = `pantheon_startup_${TEST_PORT}`

const HOST_ENV = {
  NODE_ENV: 'production',
  APP_KEY: 'a-production-key-that-is-long-enough-123',
  HOST: '127.0.0.1',
  PORT: String(HTTP_PORT),
  DB_CONNECTION: 'pg',
  DB_AUTO_MIGRATE: 'true',
  MESSAGE_TRANSPORT: 'memory',
  RATE_LIMIT_STORE: 'off',
}

const base = `http://127.0.0.1:${HTTP_PORT}`

function createProduct(name: string) {
  return fetch(`${base}/api/catalog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, price: 1 }),
  })
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' })
  await client.connect()
  await client.query(sql).finally(() => client.end())
}

test.group('Dependencies at start', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  group.each.setup(async () => {
    await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`)
    await admin(`CREATE DATABASE ${DATABASE}`)
    return () => admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`)
  })

  test('a database that never answers does not hold the start: samples and liveness answer, its endpoints 503, readiness names it', async ({
    assert,
    cleanup,
  }) => {
    // Nothing ever answers on NOWHERE: the host answering its liveness probe at all (within
    // startServerProcess's deadline) is what shows it listens without its database.
    const host = await startServerProcess(
      { ...HOST_ENV, DATABASE_URL: `postgres://postgres@127.0.0.1:${NOWHERE}/${DATABASE}` },
      { readyPath: '/health/live' }
    )
    cleanup(async () => void (await host.stop()))

    for (const module of ['catalog', 'orders']) {
      const sample = await fetch(`${base}/api/${module}/sample`)
      assert.equal(sample.status, 200, module)
    }
    const answeredAt = performance.now()
    const created = await createProduct('No database')
    assert.equal(created.status, 503)
    const refusal = (await created.json()) as { code: string; detail: string }
    assert.equal(refusal.code, 'Database.Unavailable')
    // Why, rather than a fault to look for: the host has not reached its database since it started.
    assert.match(
      refusal.detail,
      /^The database is not ready: it (has not answered|does not answer)/
    )
    const read = await fetch(`${base}/api/catalog/01a2138e-bb8e-763f-badb-93b16f449c82`)
    assert.equal(read.status, 503)
    assert.isBelow(performance.now() - answeredAt, 5_000)

    const ready = await fetch(`${base}/health/ready`)
    assert.equal(ready.status, 503)
    const { checks } = (await ready.json()) as { checks: Record<string, string> }
    assert.equal(checks['Database schema'], 'error', JSON.stringify(checks))
    assert.include(Object.keys(checks).join(' '), 'pg')

    // Long past the 3 s STARTUP_TIMEOUT_MS that used to end such a start: still serving.
    await new Promise((resolve) => setTimeout(resolve, 4000))
    assert.isNull(host.process.exitCode, host.output())
    const stillServing = await fetch(`${base}/api/catalog/sample`)
    assert.equal(stillServing.status, 200)
  }).timeout(40_000)

  test('a database that comes up after the host is used from then on: migrations first, no restart', async ({
    assert,
    cleanup,
  }) => {
    const proxy = new TcpProxy(PROXY_PORT, { host: '127.0.0.1', port: 5432 })
    cleanup(() => proxy.down())
    const host = await startServerProcess(
      { ...HOST_ENV, DATABASE_URL: `postgres://postgres@127.0.0.1:${PROXY_PORT}/${DATABASE}` },
      { readyPath: '/health/live' }
    )
    cleanup(async () => void (await host.stop()))
    const tooEarly = await createProduct('Too early')
    assert.equal(tooEarly.status, 503)

    await proxy.up()
    // Every answer until the database is ready is 503, never a 500 from a table not yet
    // migrated; then creates succeed and readiness turns 200.
    const statuses: number[] = []
    const deadline = performance.now() + 20_000
    while (performance.now() < deadline) {
      const answer = await createProduct('Late database')
      statuses.push(answer.status)
      if (answer.status !== 503) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    assert.equal(statuses.at(-1), 201, `${statuses.join(' ')}\n${host.output()}`)
    assert.isTrue(
      statuses.slice(0, -1).every((status) => status === 503),
      statuses.join(' ')
    )
    const ready = await fetch(`${base}/health/ready`)
    assert.equal(ready.status, 200)
    assert.include(host.output(), 'the database answers now')
  }).timeout(40_000)

  // A broker is not waited for: the outbox keeps events while it is away (docs/messaging.md),
  // and the transport reconnects by itself with capped backoff.
  test(
    'a {kind} broker that never answers does not hold or end the start: the host serves, not ready'
  )
    .with([
      { kind: 'redis', variable: 'REDIS_URL', url: `redis://127.0.0.1:${NOWHERE}` },
      {
        kind: 'rabbitmq',
        variable: 'RABBITMQ_URL',
        url: `amqp://guest:guest@127.0.0.1:${NOWHERE}`,
      },
    ])
    .run(async ({ assert, cleanup }, { kind, variable, url }) => {
      const host = await startServerProcess(
        {
          ...HOST_ENV,
          DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${DATABASE}`,
          MESSAGE_TRANSPORT: kind,
          [variable]: url,
        },
        { readyPath: '/health/live' }
      )
      cleanup(async () => {
        await host.stop()
      })
      // Past the 3 s STARTUP_TIMEOUT_MS that used to end a start whose database never answered.
      await new Promise((resolve) => setTimeout(resolve, 4000))
      assert.isNull(host.process.exitCode, host.output())
      const created = await createProduct('Kept in the outbox')
      assert.equal(created.status, 201)
      const ready = await fetch(`http://127.0.0.1:${HTTP_PORT}/health/ready`)
      assert.equal(ready.status, 503)
    })
    .timeout(40_000)
})
