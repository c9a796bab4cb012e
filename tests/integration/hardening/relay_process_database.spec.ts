import { test } from '@japa/runner'
import { execFile, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { promisify } from 'node:util'
import app from '@adonisjs/core/services/app'
import pg from 'pg'
import { TcpProxy } from '#tests/common/tcp_proxy'
import { testPort } from '#tests/common/test_ports'

const run = promisify(execFile)

/** This group's ports, above TEST_PORT (5100 by default). */
const PROXY_PORT = testPort(53)
const DATABASE = `pantheon_relay_${PROXY_PORT}`
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres'
const DIRECT_URL = `postgres://postgres@127.0.0.1:5432/${DATABASE}`

const RELAY_ENV = {
  NODE_ENV: 'production',
  APP_KEY: 'a-production-key-that-is-long-enough-123',
  LOG_LEVEL: 'info',
  DB_CONNECTION: 'pg',
  MESSAGE_TRANSPORT: 'memory',
}

async function sql(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const result = await client.query(text, values)
    return result.rows
  } finally {
    await client.end()
  }
}

async function waitFor(condition: () => Promise<boolean> | boolean, withinMs: number) {
  const deadline = Date.now() + withinMs
  while (Date.now() < deadline) {
    if (await condition()) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return false
}

test.group('outbox:relay when its database connection goes silent', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  group.each.setup(async () => {
    await sql(ADMIN_URL, `DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`)
    await sql(ADMIN_URL, `CREATE DATABASE ${DATABASE}`)
    await run(process.execPath, ['ace', 'migration:run', '--force'], {
      cwd: app.makePath(),
      env: { ...process.env, ...RELAY_ENV, DATABASE_URL: DIRECT_URL },
    })
    return async () => {
      await sql(ADMIN_URL, `DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`)
    }
  })

  test('gives up on the silent connection within seconds and relays the next row on a new one', async ({
    assert,
    cleanup,
  }) => {
    const proxy = new TcpProxy(PROXY_PORT, { host: '127.0.0.1', port: 5432 })
    await proxy.up()
    cleanup(() => proxy.down())
    const relay = spawn(process.execPath, ['ace', 'outbox:relay'], {
      cwd: app.makePath(),
      env: {
        ...process.env,
        ...RELAY_ENV,
        DATABASE_URL: `postgres://postgres@127.0.0.1:${PROXY_PORT}/${DATABASE}`,
      },
    })
    let output = ''
    relay.stdout.on('data', (chunk) => (output += chunk))
    relay.stderr.on('data', (chunk) => (output += chunk))
    cleanup(() => void relay.kill('SIGKILL'))
    assert.isTrue(await waitFor(() => output.includes('outbox relay running'), 20_000), output)
    await new Promise((resolve) => setTimeout(resolve, 1_500))

    proxy.silenceOpenConnections()
    const id = randomUUID()
    await sql(
      DIRECT_URL,
      `INSERT INTO pantheon_outbox (id, type, version, payload, occurred_at, next_attempt_at)
       VALUES ($1, 'probe.relay_silence', 1, '{}', now(), now())`,
      [id]
    )
    const sent = await waitFor(async () => {
      const rows = await sql(DIRECT_URL, 'SELECT status FROM pantheon_outbox WHERE id = $1', [id])
      return rows[0]?.status === 'sent'
    }, 12_000)
    assert.isTrue(sent, `the relay never sent the row after its connection went silent:\n${output}`)
  }).timeout(60_000)
})
