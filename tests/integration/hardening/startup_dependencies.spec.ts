import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import app from '@adonisjs/core/services/app'
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
  STARTUP_TIMEOUT_MS: '3000',
}

/** Starts the host and waits for it to end on its own (it must, within `withinMs`). */
async function startUntilExit(env: Record<string, string>, withinMs: number) {
  const child = spawn(process.execPath, ['--import=@poppinss/ts-exec', 'bin/server.ts'], {
    cwd: app.makePath(),
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const startedAt = performance.now()
  const code = await new Promise<number | null>((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), withinMs)
    child.once('exit', (exitCode) => {
      clearTimeout(killer)
      resolve(exitCode)
    })
  })
  return { code, output, seconds: (performance.now() - startedAt) / 1000 }
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

  test('a database that never answers ends the start with code 1 and an error naming it', async ({
    assert,
  }) => {
    const result = await startUntilExit(
      { ...HOST_ENV, DATABASE_URL: `postgres://postgres@127.0.0.1:${NOWHERE}/${DATABASE}` },
      30_000
    )
    assert.equal(result.code, 1, result.output)
    assert.include(result.output, 'The database (connection "pg") did not answer within')
    assert.include(result.output, 'STARTUP_TIMEOUT_MS')
    assert.isBelow(result.seconds, 15)
  }).timeout(40_000)

  test('a database that comes up after the host is waited for: migrations run, then it serves', async ({
    assert,
    cleanup,
  }) => {
    const proxy = new TcpProxy(PROXY_PORT, { host: '127.0.0.1', port: 5432 })
    cleanup(() => proxy.down())
    // The database comes up once the host has found it away (a fixed delay raced a host slow
    // to start on a busy machine, which then never saw it away).
    let databaseUp: Promise<unknown> | undefined
    const server = await startServerProcess(
      {
        ...HOST_ENV,
        STARTUP_TIMEOUT_MS: '15000',
        DATABASE_URL: `postgres://postgres@127.0.0.1:${PROXY_PORT}/${DATABASE}`,
      },
      {
        readyPath: '/health/ready',
        onOutput: (output) => {
          if (output.includes('the database does not answer yet')) databaseUp ??= proxy.up()
        },
      }
    )
    await databaseUp
    cleanup(async () => void (await server.stop()))
    assert.include(server.output(), 'the database does not answer yet')
    const created = await fetch(`http://127.0.0.1:${HTTP_PORT}/api/catalog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Late database', price: 1 }),
    })
    assert.equal(created.status, 201)
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
      // Past STARTUP_TIMEOUT_MS (3 s here), which ends a start whose database never answers.
      await new Promise((resolve) => setTimeout(resolve, 4000))
      assert.isNull(host.process.exitCode, host.output())
      const created = await fetch(`http://127.0.0.1:${HTTP_PORT}/api/catalog`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Kept in the outbox', price: 1 }),
      })
      assert.equal(created.status, 201)
      const ready = await fetch(`http://127.0.0.1:${HTTP_PORT}/health/ready`)
      assert.equal(ready.status, 503)
    })
    .timeout(40_000)
})
