import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import vine from '@vinejs/vine'
import { randomUUID } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'
import DeadLettersList from '#commands/dead_letters_list'
import DeadLettersRetry from '#commands/dead_letters_retry'
import { defineIntegrationEvent, type IntegrationEvent } from '@pantheon/kit/integration'
import {
  ConsumerRegistry,
  DEAD_LETTERS_TABLE,
  DeadLetterReplay,
  DeadLetters,
  encodeEvent,
  guardedDelivery,
  MessageRejected,
  onceThroughInbox,
} from '@pantheon/kit/messaging'
import type { ProductCreatedPayload } from '#modules/catalog/integration/product_created'
import ProductCreatedConsumer from '#modules/orders/infrastructure/consumers/product_created_consumer'
import { CATALOG_PRODUCTS_TABLE } from '#modules/orders/infrastructure/persistence/lucid_catalog_product_repository'
import { runCommand } from '#tests/common/scaffolding'

const CONSUMER = 'orders.ProductCreatedConsumer'

function productCreated(payload: Record<string, unknown>, version = 1): IntegrationEvent<unknown> {
  return {
    eventId: uuidv7(),
    type: 'catalog.product_created',
    version,
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    payload: { id: randomUUID(), name: 'Replayed lamp', price: 10, ...payload },
  }
}

/** Orders' consumer behind another contract: as after a deploy that relaxed it. */
function ordersBehind(contract: typeof relaxed): ConsumerRegistry {
  const registry = new ConsumerRegistry()
  registry.add({
    type: contract.type,
    version: contract.version,
    consumer: CONSUMER,
    module: 'orders',
    deliver: guardedDelivery(
      contract,
      onceThroughInbox(db, CONSUMER, (event, client) =>
        new ProductCreatedConsumer().handle(
          event as IntegrationEvent<ProductCreatedPayload>,
          client
        )
      )
    ),
  })
  return registry
}

const relaxed = defineIntegrationEvent<ProductCreatedPayload>(
  'catalog.product_created',
  1,
  vine.create({ id: vine.string().uuid(), name: vine.string(), price: vine.number() })
)

const productOf = (event: IntegrationEvent<unknown>) =>
  db
    .from(CATALOG_PRODUCTS_TABLE)
    .where('id', (event.payload as { id: string }).id)
    .first()

/*
 * A replay reads a letter as it arrived and runs it through the consumer's checks of the day:
 * it goes through once what refused it changed, and stays, with the reason, until then.
 */
test.group('Replaying refused events', (group) => {
  const deadLetters = new DeadLetters(db)
  group.each.setup(async () => {
    await db.from(DEAD_LETTERS_TABLE).where('consumer', CONSUMER).delete()
  })

  test('a version the consumer does not read fails again, and stays with the reason', async ({
    assert,
  }) => {
    const event = productCreated({}, 99)
    await deadLetters.record(CONSUMER, event, 1, new MessageRejected('unsupported-version', '…'))
    const [letter] = await deadLetters.list({ consumer: CONSUMER })

    const { exitCode, output } = await runCommand(DeadLettersRetry, [letter.id])

    assert.equal(exitCode, 1)
    assert.include(output, 'unsupported-version: catalog.product_created version 99')
    const [kept] = await deadLetters.list({ consumer: CONSUMER })
    assert.containsSubset(kept, { id: letter.id, attempts: 2 })
    assert.match(kept.lastError, /^unsupported-version: /)
    assert.isNull(await productOf(event))
  })

  test('a payload the contract refused goes through once the contract takes it', async ({
    assert,
  }) => {
    const event = productCreated({ price: -5 })
    await deadLetters.record(CONSUMER, event, 1, new MessageRejected('invalid-payload', '…'))
    const [letter] = await deadLetters.list({ consumer: CONSUMER })

    const registry = await app.container.make(ConsumerRegistry)
    const before = await new DeadLetterReplay(deadLetters, registry).replay([letter.id])
    assert.match(before.failed[0]?.error, /^invalid-payload: .*price field must be at least 0/)

    const after = await new DeadLetterReplay(deadLetters, ordersBehind(relaxed)).replay()
    assert.deepEqual(after, { replayed: [letter.id], failed: [] })
    const product = await productOf(event)
    assert.equal(Number(product?.price), -5)
    assert.lengthOf(await deadLetters.list({ consumer: CONSUMER }), 0)
  })

  test('a message refused as too large goes through once the limit was raised', async ({
    assert,
  }) => {
    // Valid but for a field Orders does not read: only its size is wrong.
    const event = productCreated({ notes: 'x'.repeat(300 * 1024) })
    const body = encodeEvent(event)
    await deadLetters.recordUnreadable(CONSUMER, {
      body,
      eventId: event.eventId,
      type: event.type,
      rejection: new MessageRejected('too-large', `${Buffer.byteLength(body)} bytes`),
    })
    const registry = await app.container.make(ConsumerRegistry)

    const atTheLimit = await new DeadLetterReplay(deadLetters, registry).replay()
    assert.match(atTheLimit.failed[0]?.error, /^too-large: \d+ bytes, over the limit of 262144$/)
    assert.isNull(await productOf(event))

    const raised = new DeadLetterReplay(deadLetters, registry, { maxMessageBytes: 1024 * 1024 })
    const outcome = await raised.replay()
    assert.lengthOf(outcome.replayed, 1)
    const product = await productOf(event)
    assert.equal(product?.name, 'Replayed lamp')
  })

  test('an unreadable message is listed as it arrived, and never replays', async ({ assert }) => {
    await deadLetters.recordUnreadable(CONSUMER, {
      body: '{"eventId": nope',
      eventId: randomUUID(),
      type: 'catalog.product_created',
      rejection: new MessageRejected('malformed', 'not JSON'),
    })
    const listed = await runCommand(DeadLettersList, ['--json', `--consumer=${CONSUMER}`])
    const [letter] = JSON.parse(listed.output)
    assert.containsSubset(letter, { body: '{"eventId": nope', lastError: 'malformed: not JSON' })
    assert.notProperty(letter, 'event')

    const { exitCode, output } = await runCommand(DeadLettersRetry, ['--all'])
    assert.equal(exitCode, 1)
    assert.include(output, 'malformed: not JSON')
    assert.lengthOf(await deadLetters.list({ consumer: CONSUMER }), 1)
  })
})
