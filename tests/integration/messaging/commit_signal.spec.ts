import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { announceOutboxWrite } from '@pantheon/kit/messaging'
import { PostgresCommitListener } from '#kit/building_blocks/infrastructure/messaging/postgres_commit_listener'
import { startPostgresInstance } from '#tests/common/postgres_instance'
import { testPort } from '#tests/common/test_ports'

/*
 * A relay in another process wakes on commits announced through PostgreSQL's LISTEN/NOTIFY.
 * Run against the machine's PostgreSQL whatever database the suite uses, on a connection of
 * its own.
 */
const PG_URL = process.env.CI_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const CONNECTION = 'commit_signal_pg'

test.group('Outbox commit signal on PostgreSQL', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.setup(() => {
    if (!db.manager.has(CONNECTION))
      db.manager.add(CONNECTION, { client: 'pg', connection: PG_URL })
    return () => db.manager.close(CONNECTION)
  })

  test('a listener hears a committed announcement, and never a rolled-back one', async ({
    assert,
  }) => {
    let heard = 0
    const listener = new PostgresCommitListener(PG_URL)
    await listener.start(() => (heard += 1))
    try {
      const trx = await db.connection(CONNECTION).transaction()
      await announceOutboxWrite(trx)
      await trx.rollback()
      await new Promise((resolve) => setTimeout(resolve, 200))
      assert.equal(heard, 0, 'a rollback announces nothing')

      const committed = await db.connection(CONNECTION).transaction()
      await announceOutboxWrite(committed)
      await new Promise((resolve) => setTimeout(resolve, 100))
      assert.equal(heard, 0, 'nothing is heard before the commit')
      await committed.commit()
      const deadline = Date.now() + 2_000
      while (heard === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10))
      assert.equal(heard, 1)
    } finally {
      await listener.stop()
    }
  })
})

test.group('Outbox commit signal on a frozen PostgreSQL', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))

  test('a listener whose server froze stops without waiting for it', async ({
    assert,
    cleanup,
  }) => {
    const postgres = await startPostgresInstance(testPort(278))
    cleanup(() => postgres.destroy())
    const listener = new PostgresCommitListener(postgres.url)
    await listener.start(() => {})
    // A frozen server (or a cut network path) never confirms the end of the connection, and a
    // host's shutdown waited on it for ever.
    postgres.freeze()
    cleanup(() => postgres.thaw())
    const outcome = await Promise.race([
      listener.stop().then(() => 'stopped'),
      new Promise((resolve) => setTimeout(resolve, 10_000, 'still waiting after 10 s')),
    ])
    assert.equal(outcome, 'stopped')
  }).timeout(60_000)
})
