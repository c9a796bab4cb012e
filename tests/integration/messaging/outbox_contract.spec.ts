import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { randomUUID } from 'node:crypto'
import { success } from '@pantheon/kit/application'
import { defineIntegrationEvent, type IntegrationEventContract } from '@pantheon/kit/integration'
import { InvalidIntegrationEvent, Outbox, OUTBOX_TABLE } from '@pantheon/kit/messaging'
import { LucidUnitOfWork } from '@pantheon/kit/persistence'
import { productCreatedEvent } from '#modules/catalog/integration/product_created'

/** A contract without a schema, whose events no module consumes. */
const blobStored = defineIntegrationEvent<{ id: string; blob: string }>('tests.blob_stored', 1)

/** Publishes in a unit of work of its own, as a domain event handler does before the commit. */
async function publish<T>(contract: IntegrationEventContract<T>, payload: T) {
  const outbox = await app.container.make(Outbox)
  return new LucidUnitOfWork(db).run(async () => {
    await outbox.publish(contract, payload)
    return success(undefined)
  })
}

/** The outbox rows written for the payload whose `id` is given. */
function rowsOf(id: string) {
  return db.from(OUTBOX_TABLE).whereLike('payload', `%${id}%`)
}

test.group('Publishing checks the payload against its contract', () => {
  test('a payload the contract refuses fails the unit of work and writes nothing: {label}')
    .with([
      { label: 'an empty name', payload: { name: '', price: 1 } },
      { label: 'a negative price', payload: { name: 'Pen', price: -5 } },
      { label: 'a price past the cent', payload: { name: 'Pen', price: 1.005 } },
      { label: 'a 5 MiB name', payload: { name: 'x'.repeat(5 * 1024 * 1024), price: 1 } },
    ])
    .run(async ({ assert }, { payload }) => {
      const id = randomUUID()
      await assert.rejects(
        () => publish(productCreatedEvent, { id, ...payload }),
        /catalog\.product_created version 1 cannot be published: The (name|price) field/
      )
      assert.lengthOf(await rowsOf(id), 0)
    })

  test('the error names the contract and every problem', async ({ assert }) => {
    try {
      await publish(productCreatedEvent, { id: 'nope', name: ' ', price: -1 })
      assert.fail('published')
    } catch (error) {
      assert.instanceOf(error, InvalidIntegrationEvent)
      assert.deepEqual((error as InvalidIntegrationEvent).problems, [
        'The id field must be a valid UUID',
        'The name field must have at least 1 characters',
        'The price field must be at least 0',
      ])
    }
  })

  test('an event over the size limit is refused, schema or not', async ({ assert }) => {
    const id = randomUUID()
    await assert.rejects(
      () => publish(blobStored, { id, blob: 'x'.repeat(300 * 1024) }),
      /tests\.blob_stored version 1 cannot be published: \d+ bytes, over the message size limit of 262144/
    )
    assert.lengthOf(await rowsOf(id), 0)
  })

  test('a payload it takes is written as the schema reads it', async ({ assert }) => {
    const id = randomUUID()
    await publish(productCreatedEvent, { id, name: '  Pen ', price: 2.5 })
    const [row] = await rowsOf(id)
    assert.deepEqual(JSON.parse(row.payload), { id, name: 'Pen', price: 2.5 })
  })
})
