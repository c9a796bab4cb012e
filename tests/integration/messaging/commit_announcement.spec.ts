import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { randomUUID } from 'node:crypto'
import { success } from '@pantheon/kit/application'
import { defineIntegrationEvent } from '@pantheon/kit/integration'
import { MemoryTransport, Outbox, OutboxRelay, OutboxRelays } from '@pantheon/kit/messaging'
import { LucidUnitOfWork } from '@pantheon/kit/persistence'
import { OutboxCommitAnnouncer } from '#kit/building_blocks/infrastructure/messaging/outbox_announcement'
import { PostgresCommitListener } from '#kit/building_blocks/infrastructure/messaging/postgres_commit_listener'
import { createPostgresDatabase } from '#tests/common/postgres_database'
import { runMigrations } from '#tests/common/run_migrations'

/*
 * A commit that wrote to the outbox wakes the relays: the one of this process directly, those
 * of other processes through PostgreSQL's NOTIFY, sent after the commit. An announcement costs
 * a statement and the server's lock on its notification queue, so it is made only when no relay
 * of this process serves the connection, and commits share one while another is on its way. On a database of the test's own, so no other test's
 * commits are heard.
 */
const DATABASE = 'pantheon_commit_announcement'
const URL = `postgres://postgres@127.0.0.1:5432/${DATABASE}`
const CONNECTION = 'commit_announcement_pg'
const thingCreated = defineIntegrationEvent<{ id: string }>('tests.thing_created', 1)

/** Publishes one event in a committed unit of work; what a listener heard and who was woken. */
async function publishOne(relayedHere: (connection: string) => boolean) {
  let heard = 0
  const listener = new PostgresCommitListener(URL)
  await listener.start(() => (heard += 1))
  const woken: string[] = []
  const outbox = new Outbox(db)
  outbox.onCommit((connection) => woken.push(connection), relayedHere)
  try {
    await new LucidUnitOfWork(db, undefined, CONNECTION).run(async () => {
      await outbox.publish(thingCreated, { id: randomUUID() })
      return success(undefined)
    })
    const deadline = Date.now() + 1_000
    while (heard === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10))
  } finally {
    await listener.stop()
  }
  return { heard, woken }
}

test.group('Announcing outbox commits on PostgreSQL', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.setup(async () => {
    const dropDatabase = await createPostgresDatabase(DATABASE)
    db.manager.add(CONNECTION, {
      client: 'pg',
      connection: URL,
      migrations: { paths: ['database/migrations'] },
    })
    await runMigrations(CONNECTION)
    return async () => {
      await db.manager.close(CONNECTION, true)
      await dropDatabase()
    }
  })

  test('announces the commit to relays of other processes when none of this one runs', async ({
    assert,
  }) => {
    const asked: string[] = []
    const { heard, woken } = await publishOne((connection) => {
      asked.push(connection)
      return false
    })
    assert.equal(heard, 1)
    assert.deepEqual(woken, [CONNECTION])
    assert.deepEqual(asked, [CONNECTION])
  })

  test('only wakes the relay of this process when one serves the connection', async ({
    assert,
  }) => {
    const { heard, woken } = await publishOne(() => true)
    assert.equal(heard, 0, 'no NOTIFY reached the server')
    assert.deepEqual(woken, [CONNECTION])
  })

  test('commits made while an announcement is on its way share the next one', async ({
    assert,
  }) => {
    const heard: number[] = []
    const listener = new PostgresCommitListener(URL)
    await listener.start(() => heard.push(performance.now()))
    const outbox = new Outbox(db)
    outbox.onCommit(
      () => {},
      () => false
    )
    let lastCommit = 0
    try {
      await Promise.all(
        Array.from({ length: 20 }, () =>
          new LucidUnitOfWork(db, undefined, CONNECTION).run(async () => {
            await outbox.publish(thingCreated, { id: randomUUID() })
            LucidUnitOfWork.currentTransaction()!.after('commit', () => {
              lastCommit = performance.now()
            })
            return success(undefined)
          })
        )
      )
      await outbox.announced()
      const deadline = Date.now() + 2_000
      while ((heard.at(-1) ?? 0) < lastCommit && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10))
      await new Promise((resolve) => setTimeout(resolve, 100))
    } finally {
      await listener.stop()
    }
    // A NOTIFY in each transaction made 20, each taking the server's notification queue lock.
    assert.isBelow(heard.length, 20, 'the commits shared announcements')
    assert.isAtLeast(heard.at(-1)!, lastCommit, 'one was heard after the last commit')
  })

  test('an announcement that cannot be sent leaves the next ones to go', async ({
    assert,
    cleanup,
  }) => {
    let heard = 0
    const listener = new PostgresCommitListener(URL)
    await listener.start(() => (heard += 1))
    cleanup(() => listener.stop())
    const announcer = new OutboxCommitAnnouncer(db)
    const late = 'commit_announcement_late'
    // Not a connection of the manager (yet): the announcement fails at once, and quietly.
    announcer.committed(late)
    await announcer.settled()
    db.manager.add(late, { client: 'pg', connection: URL })
    cleanup(() => db.manager.close(late))
    announcer.committed(late)
    await announcer.settled()
    const deadline = Date.now() + 2_000
    while (heard === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10))
    assert.equal(heard, 1)
  })

  test('a relay serves its connection from its start to its stop', async ({ assert }) => {
    const relay = new OutboxRelay(db.connection(CONNECTION), new MemoryTransport())
    const relays = new OutboxRelays(new Map([[CONNECTION, relay]]))
    assert.isFalse(relays.runsFor(CONNECTION), 'not started')
    relays.start()
    try {
      assert.isTrue(relays.runsFor(CONNECTION))
      assert.isFalse(relays.runsFor('another_connection'))
    } finally {
      await relays.stop()
    }
    assert.isFalse(relays.runsFor(CONNECTION), 'stopped')
  })
})
