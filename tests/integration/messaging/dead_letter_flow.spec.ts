import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import DeadLettersRetry from '#commands/dead_letters_retry'
import { DEAD_LETTERS_TABLE, OUTBOX_TABLE } from '@pantheon/kit/messaging'
import { CATALOG_PRODUCTS_TABLE } from '#modules/orders/infrastructure/persistence/lucid_catalog_product_repository'
import { runCommand } from '#tests/common/scaffolding'

const CONSUMER = 'orders.ProductCreatedConsumer'
const HIDDEN = `${CATALOG_PRODUCTS_TABLE}_hidden`

async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000
) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/*
 * The whole path in the running app: Orders' consumer breaks (its table is gone), a product is
 * created, the consumer is retried and the event becomes its dead letter while the outbox row
 * is done with; after the fix (the table is back) `dead-letters:retry` applies it, once.
 */
test.group('A consumer that keeps failing, end to end', (group) => {
  group.each.setup(async () => {
    await db.from(DEAD_LETTERS_TABLE).where('consumer', CONSUMER).delete()
    return async () => {
      if (await db.connection().schema.hasTable(HIDDEN)) {
        await db.connection().schema.renameTable(HIDDEN, CATALOG_PRODUCTS_TABLE)
      }
    }
  })

  test('retried, dead-lettered, then replayed by the ace command after the fix', async ({
    client,
    assert,
  }) => {
    await db.connection().schema.renameTable(CATALOG_PRODUCTS_TABLE, HIDDEN)

    const created = await client
      .post('/api/v1/catalog')
      .json({ name: 'Broken-day lamp', price: 31 })
    created.assertStatus(201)
    const id = created.body() as string

    const letters = await eventually(
      () => db.from(DEAD_LETTERS_TABLE).where('consumer', CONSUMER),
      (rows) => rows.length > 0
    )
    assert.lengthOf(letters, 1)
    assert.equal(Number(letters[0].attempts), 5)
    assert.include(letters[0].last_error, CATALOG_PRODUCTS_TABLE)
    assert.equal(JSON.parse(letters[0].event).payload.id, id)
    // The relay marks the row sent in its own commit, which a busy machine may finish after the
    // consumer's tries: the row is done with, if not at the very moment of the dead letter.
    const [outboxRow] = await eventually(
      () => db.from(OUTBOX_TABLE).where('id', letters[0].event_id),
      (rows) => rows[0]?.status === 'sent'
    )
    assert.equal(outboxRow.status, 'sent', 'a dead letter does not hold up the outbox')

    await db.connection().schema.renameTable(HIDDEN, CATALOG_PRODUCTS_TABLE)
    const { exitCode } = await runCommand(DeadLettersRetry, ['--all'])
    assert.equal(exitCode, 0)

    const response = await client.get(`/api/orders/products/${id}`)
    response.assertStatus(200)
    response.assertBodyContains({ name: 'Broken-day lamp', price: 31 })
    assert.lengthOf(await db.from(DEAD_LETTERS_TABLE).where('consumer', CONSUMER), 0)
  }).timeout(20_000)
})
