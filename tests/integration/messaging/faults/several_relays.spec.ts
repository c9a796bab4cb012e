import { test } from '@japa/runner'
import type { ChildProcess } from 'node:child_process'
import pg from 'pg'
import { createPostgresDatabase } from '#tests/common/postgres_database'
import { testPort } from '#tests/common/test_ports'
import { createProducts, eventually, MessagingDeployment } from './messaging_host.js'

/*
 * Three `node ace outbox:relay` processes drain one PostgreSQL outbox at once, over Redis, while
 * a host takes creates; one relay is killed with SIGKILL partway and another started in its
 * place. Every event reaches Orders and each is applied once: the lease (FOR UPDATE SKIP LOCKED)
 * keeps two live relays off one row, the killed relay's claimed rows come back when their lease
 * runs out, and what it published without marking sent is published again and refused by
 * Orders' inbox. RELAY_EVENTS sets how many events (600 by default; `RELAY_EVENTS=20000 node ace
 * test integration --files=several_relays` runs twenty thousand).
 */
const EVENTS = Number(process.env.RELAY_EVENTS ?? 600)
const PORT = testPort(163)
const CONSUMER = 'orders.ProductCreatedConsumer'

/** The count a `select count(*)::int as n …` finds, on one connection the test keeps open. */
async function counter(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const count = async (sql: string) => {
    const { rows } = await client.query<{ n: number }>(sql)
    return rows[0].n
  }
  return { count, close: () => client.end() }
}

function killed(relay: ChildProcess): Promise<void> {
  if (relay.exitCode !== null || relay.signalCode !== null) return Promise.resolve()
  const exited = new Promise<void>((resolve) => relay.once('exit', () => resolve()))
  relay.kill('SIGKILL')
  return exited
}

test.group('Several relays on one outbox', (group) => {
  group.tap((t) => t.tags(['@slow', '@any-database']))

  test('three relays at once, one SIGKILLed partway: every event applied exactly once', async ({
    assert,
    cleanup,
  }) => {
    const database = `pantheon_relays_${process.pid}`
    cleanup(await createPostgresDatabase(database))
    const url = `postgres://postgres@127.0.0.1:5432/${database}`
    const { count, close } = await counter(url)
    cleanup(close)
    const deployment = new MessagingDeployment('redis', 6379, {
      OUTBOX_RELAY: 'off',
      DB_CONNECTION: 'pg',
      DATABASE_URL: url,
    })
    // Migrates the database (DB_AUTO_MIGRATE) before any relay starts, and consumes for Orders.
    const host = await deployment.startHost(PORT)
    const relays = [deployment.startRelay(), deployment.startRelay(), deployment.startRelay()]
    cleanup(async () => {
      await Promise.all(relays.map(killed))
      await host.stop()
      deployment.removeFiles()
      await deployment.removeBrokerState()
    })

    const third = Math.ceil(EVENTS / 3)
    const ids = await createProducts(PORT, third)
    await eventually(
      async () =>
        (await count("select count(*)::int as n from pantheon_outbox where status = 'sent'")) > 0,
      'the relays to start sending',
      60_000
    )
    await killed(relays[0])
    ids.push(...(await createProducts(PORT, third)))
    relays.push(deployment.startRelay())
    ids.push(...(await createProducts(PORT, EVENTS - 2 * third)))

    await eventually(
      async () =>
        (await count('select count(*)::int as n from orders_catalog_products')) === EVENTS,
      `all ${EVENTS} products in Orders' read model`,
      120_000
    )
    assert.lengthOf(new Set(ids), EVENTS)
    assert.equal(
      await count(`select count(*)::int as n from pantheon_inbox where consumer = '${CONSUMER}'`),
      EVENTS,
      'each event applied once'
    )
    await eventually(
      async () =>
        (await count("select count(*)::int as n from pantheon_outbox where status = 'sent'")) ===
        EVENTS,
      'every outbox row marked sent',
      30_000
    )
    assert.equal(await count('select count(*)::int as n from pantheon_dead_letters'), 0)
  }).timeout(300_000)
})
