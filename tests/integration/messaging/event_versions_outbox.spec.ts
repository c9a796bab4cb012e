import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { randomUUID } from 'node:crypto'
import { success } from '@pantheon/kit/application'
import { defineIntegrationEvent } from '@pantheon/kit/integration'
import { Outbox, OUTBOX_TABLE } from '@pantheon/kit/messaging'
import { LucidUnitOfWork } from '@pantheon/kit/persistence'

const TYPE = 'tests.thing_versioned'
const v1 = defineIntegrationEvent<{ id: string }>(TYPE, 1)
const v2 = defineIntegrationEvent<{ id: string; currency: string }>(TYPE, 2)

/** Runs `publish` in a unit of work, as a domain event handler does; the rows it wrote. */
async function publishing(publish: (outbox: Outbox) => Promise<unknown>) {
  const outbox = new Outbox(db)
  await new LucidUnitOfWork(db).run(async () => {
    await publish(outbox)
    return success(undefined)
  })
}

function rowsOf(id: string) {
  return db.from(OUTBOX_TABLE).where('type', TYPE).whereLike('payload', `%${id}%`).orderBy('id')
}

test.group('Publishing several versions of one event', (group) => {
  group.each.setup(() => async () => {
    await db.from(OUTBOX_TABLE).where('type', TYPE).delete()
  })

  test('versions published for one cause are rows of one event id', async ({ assert }) => {
    const id = randomUUID()
    const cause = {}
    const ids: string[] = []
    await publishing(async (outbox) => {
      ids.push(await outbox.publish(v1, { id }, { cause }))
      ids.push(await outbox.publish(v2, { id, currency: 'EUR' }, { cause }))
    })
    const [first, second] = await rowsOf(id)
    assert.equal(ids[0], ids[1])
    assert.equal(first.id, ids[0])
    assert.isNull(first.event_id)
    // The second row is its own row, carrying the first one's event id for the relay.
    assert.notEqual(second.id, first.id)
    assert.equal(second.event_id, first.id)
  })

  test('without a cause, or for two causes, each publish is an event of its own', async ({
    assert,
  }) => {
    const id = randomUUID()
    const ids: string[] = []
    await publishing(async (outbox) => {
      ids.push(await outbox.publish(v1, { id }))
      ids.push(await outbox.publish(v2, { id, currency: 'EUR' }))
      ids.push(await outbox.publish(v2, { id, currency: 'EUR' }, { cause: {} }))
      ids.push(await outbox.publish(v2, { id, currency: 'EUR' }, { cause: {} }))
    })
    assert.lengthOf(new Set(ids), 4)
  })

  test('one version twice for one cause fails the unit of work and writes nothing', async ({
    assert,
  }) => {
    const id = randomUUID()
    const cause = {}
    await assert.rejects(
      () =>
        publishing(async (outbox) => {
          await outbox.publish(v1, { id }, { cause })
          await outbox.publish(v1, { id }, { cause })
        }),
      `${TYPE} version 1 was already published for this cause; publish each version once per domain event`
    )
    assert.lengthOf(await rowsOf(id), 0)
  })
})
