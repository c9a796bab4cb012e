import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { randomUUID } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'
import DeadLettersList from '#commands/dead_letters_list'
import DeadLettersRetry from '#commands/dead_letters_retry'
import type { IntegrationEvent } from '@pantheon/kit/integration'
import {
  DEAD_LETTERS_TABLE,
  DeadLetters,
  INBOX_TABLE,
  onceThroughInbox,
  retryingDelivery,
} from '@pantheon/kit/messaging'
import { CATALOG_PRODUCTS_TABLE } from '#modules/orders/infrastructure/persistence/lucid_catalog_product_repository'
import { runCommand } from '#tests/common/scaffolding'

const ORDERS_CONSUMER = 'orders.ProductCreatedConsumer'

function productCreated(name: string): IntegrationEvent<unknown> {
  return {
    eventId: uuidv7(),
    type: 'catalog.product_created',
    version: 1,
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    payload: { id: randomUUID(), name, price: 12.5 },
  }
}

test.group('Dead letters', (group) => {
  const deadLetters = new DeadLetters(db)
  group.each.setup(async () => {
    await db
      .from(DEAD_LETTERS_TABLE)
      .whereIn('consumer', ['tests.flaky', ORDERS_CONSUMER, 'tests.gone'])
      .delete()
    await db.from(INBOX_TABLE).where('consumer', 'tests.flaky').delete()
  })

  test('a consumer that always fails is retried with backoff, then dead-lettered once', async ({
    assert,
  }) => {
    let calls = 0
    const waits: number[] = []
    const event = productCreated('Lamp')
    const deliver = retryingDelivery(
      'tests.flaky',
      onceThroughInbox(db, 'tests.flaky', async () => {
        calls += 1
        throw new Error('consumer is broken')
      }),
      deadLetters,
      { maxAttempts: 3, backoffMs: (attempt) => (waits.push(attempt), 1) }
    )

    await deliver(event)
    await deliver(event) // the broker redelivers: still one dead letter, with the newest error

    assert.equal(calls, 6)
    assert.deepEqual(waits, [1, 2, 1, 2])
    const letters = await deadLetters.list({ consumer: 'tests.flaky' })
    assert.lengthOf(letters, 1)
    assert.containsSubset(letters[0], {
      eventId: event.eventId,
      attempts: 3,
      lastError: 'consumer is broken',
    })
    assert.lengthOf(
      await db.from(INBOX_TABLE).where('consumer', 'tests.flaky'),
      0,
      'nothing was applied'
    )
  })

  test('a consumer that recovers within its tries leaves no dead letter', async ({ assert }) => {
    let calls = 0
    const deliver = retryingDelivery(
      'tests.flaky',
      async () => {
        calls += 1
        if (calls < 3) throw new Error('not yet')
      },
      deadLetters,
      { maxAttempts: 3, backoffMs: () => 1 }
    )
    await deliver(productCreated('Desk'))
    assert.equal(calls, 3)
    assert.lengthOf(await deadLetters.list({ consumer: 'tests.flaky' }), 0)
  })

  test('dead-letters:list shows them; dead-letters:retry applies them through the real consumer once', async ({
    assert,
  }) => {
    const event = productCreated('Replayed chair')
    await deadLetters.record(ORDERS_CONSUMER, event, 5, new Error('read model table was missing'))

    const listed = await runCommand(DeadLettersList, ['--json', `--consumer=${ORDERS_CONSUMER}`])
    assert.equal(listed.exitCode, 0)
    const [letter] = JSON.parse(listed.output)
    assert.containsSubset(letter, {
      eventId: event.eventId,
      lastError: 'read model table was missing',
    })

    const replayed = await runCommand(DeadLettersRetry, [letter.id])
    assert.equal(replayed.exitCode, 0)
    const product = await db
      .from(CATALOG_PRODUCTS_TABLE)
      .where('id', (event.payload as { id: string }).id)
      .first()
    assert.equal(product?.name, 'Replayed chair')
    assert.lengthOf(await deadLetters.list({ consumer: ORDERS_CONSUMER }), 0)

    // Replaying an event that was already applied is harmless: the inbox holds it.
    await deadLetters.record(ORDERS_CONSUMER, event, 5, new Error('delivered twice'))
    const again = await runCommand(DeadLettersRetry, ['--all'])
    assert.equal(again.exitCode, 0)
    const records = await db
      .from(INBOX_TABLE)
      .where({ consumer: ORDERS_CONSUMER, event_id: event.eventId })
    assert.lengthOf(records, 1)
  })

  test('a dead letter whose consumer no longer exists stays, with the reason', async ({
    assert,
  }) => {
    await deadLetters.record('tests.gone', productCreated('Ghost'), 5, new Error('boom'))
    const [letter] = await deadLetters.list({ consumer: 'tests.gone' })

    const { exitCode, output } = await runCommand(DeadLettersRetry, [letter.id])

    assert.equal(exitCode, 1)
    assert.include(output, 'no consumer named tests.gone in this app')
    const [kept] = await deadLetters.list({ consumer: 'tests.gone' })
    assert.equal(kept.attempts, 6)
  })

  test('dead-letters:retry without ids or --all says what it needs', async ({ assert }) => {
    const { exitCode, output } = await runCommand(DeadLettersRetry, [])
    assert.equal(exitCode, 1)
    assert.include(output, 'Give the ids of the dead letters to replay, or --all')
  })
})
