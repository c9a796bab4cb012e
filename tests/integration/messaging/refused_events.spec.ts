import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { randomUUID } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'
import DeadLettersList from '#commands/dead_letters_list'
import {
  DEAD_LETTERS_TABLE,
  INBOX_TABLE,
  MessageTransport,
  OUTBOX_TABLE,
  OutboxRelay,
} from '@pantheon/kit/messaging'
import { CATALOG_PRODUCTS_TABLE } from '#modules/orders/infrastructure/persistence/lucid_catalog_product_repository'
import { runCommand } from '#tests/common/scaffolding'

/*
 * The test app's own host, on the memory transport: its relay hands Orders' real consumer what
 * the outbox holds. Rows are written here straight into the outbox, as an older version of the
 * app or another writer of the table could have: Outbox.publish would refuse them.
 */
const CONSUMER = 'orders.ProductCreatedConsumer'
const TYPE = 'catalog.product_created'

function aPayload(changes: Record<string, unknown> = {}) {
  return { id: randomUUID(), name: 'Desk lamp', price: 12.5, ...changes }
}

/** `payload` as the row holds it: JSON of the value, or the text itself when given one. */
async function writeOutboxRow(payload: unknown, version = 1): Promise<string> {
  const id = uuidv7()
  const now = new Date().toISOString()
  await db.table(OUTBOX_TABLE).insert({
    id,
    type: TYPE,
    version,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    correlation_id: randomUUID(),
    occurred_at: now,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
  })
  const relay = await app.container.make(OutboxRelay)
  relay.wake()
  return id
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) {
  const deadline = Date.now() + 10_000
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const deadLetterOf = (eventId: string) =>
  eventually(
    () => db.from(DEAD_LETTERS_TABLE).where({ consumer: CONSUMER, event_id: eventId }).first(),
    (row) => row !== null,
    `the dead letter of ${eventId}`
  )

const storedProduct = (id: string) => db.from(CATALOG_PRODUCTS_TABLE).where('id', id).first()

const appliedProduct = (id: string) =>
  eventually(
    () => storedProduct(id),
    (row) => row !== null,
    `product ${id} in Orders`
  )

test.group('Events Orders refuses, on the memory transport', (group) => {
  group.each.timeout(20_000)

  test('{label}: a dead letter with the reason, never applied, and the next event flows')
    .with([
      { label: 'an empty name', payload: { name: '' }, reason: 'invalid-payload' },
      { label: 'a negative price', payload: { price: -5 }, reason: 'invalid-payload' },
      { label: 'a price past the cent', payload: { price: 1.005 }, reason: 'invalid-payload' },
      {
        label: 'a 5 MiB name',
        payload: { name: 'x'.repeat(5 * 1024 * 1024) },
        reason: 'too-large',
      },
    ])
    .run(async ({ assert }, { payload, reason }) => {
      const refused = aPayload(payload)
      const eventId = await writeOutboxRow(refused)
      const letter = await deadLetterOf(eventId)
      assert.match(letter.last_error, new RegExp(`^${reason}: `))
      assert.isNull(await storedProduct(refused.id))
      assert.lengthOf(
        await db.from(INBOX_TABLE).where({ consumer: CONSUMER, event_id: eventId }),
        0
      )

      const next = aPayload()
      await writeOutboxRow(next)
      const applied = await appliedProduct(next.id)
      assert.equal(applied.name, 'Desk lamp')
    })

  test('a version Orders does not read travels on its own route: never applied, never a dead letter', async ({
    assert,
  }) => {
    const unread = aPayload()
    const eventId = await writeOutboxRow(unread, 99)
    const next = aPayload()
    await writeOutboxRow(next)
    await appliedProduct(next.id)
    const sent = await eventually(
      () => db.from(OUTBOX_TABLE).where('id', eventId).first(),
      (row) => row?.status === 'sent',
      'version 99 relayed'
    )
    assert.equal(sent.status, 'sent')
    assert.isNull(await storedProduct(unread.id))
    assert.isNull(
      await db.from(DEAD_LETTERS_TABLE).where({ consumer: CONSUMER, event_id: eventId }).first()
    )
  })

  test('a row whose payload is not JSON holds nothing up: it waits as failed, the next flows', async ({
    assert,
  }) => {
    const broken = await writeOutboxRow('{"id": "oops"')
    const next = aPayload()
    await writeOutboxRow(next)
    const applied = await appliedProduct(next.id)
    assert.equal(applied.name, 'Desk lamp')
    const row = await eventually(
      () => db.from(OUTBOX_TABLE).where('id', broken).first(),
      (found) => Number(found?.attempts) > 0,
      'the broken row marked failed'
    )
    assert.equal(row.status, 'pending')
    assert.match(row.last_error, /JSON/)
    await db.from(OUTBOX_TABLE).where('id', broken).delete()
  })

  test('dead-letters:list shows why each was refused', async ({ assert }) => {
    const eventId = await writeOutboxRow(aPayload({ price: -5 }))
    await deadLetterOf(eventId)
    const { exitCode, output } = await runCommand(DeadLettersList, [
      '--json',
      `--consumer=${CONSUMER}`,
    ])
    assert.equal(exitCode, 0)
    const letter = (JSON.parse(output) as { eventId: string; lastError: string }[]).find(
      (candidate) => candidate.eventId === eventId
    )
    assert.equal(
      letter?.lastError,
      'invalid-payload: catalog.product_created version 1: The price field must be at least 0'
    )
  })

  test('a valid event handed over twice is applied once', async ({ assert }) => {
    const transport = await app.container.make(MessageTransport)
    const payload = aPayload({ name: 'Twice-sent chair' })
    const event = {
      eventId: uuidv7(),
      type: TYPE,
      version: 1,
      occurredAt: new Date().toISOString(),
      correlationId: randomUUID(),
      payload,
    }
    await transport.publish(event)
    await transport.publish(event)
    const applied = await appliedProduct(payload.id)
    assert.equal(applied.name, 'Twice-sent chair')
    const records = await db
      .from(INBOX_TABLE)
      .where({ consumer: CONSUMER, event_id: event.eventId })
    assert.lengthOf(records, 1)
    assert.lengthOf(await db.from(DEAD_LETTERS_TABLE).where('event_id', event.eventId), 0)
  })
})
