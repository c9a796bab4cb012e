import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { AppError, failure, success } from '@pantheon/kit/application'
import { LucidUnitOfWork } from '@pantheon/kit/persistence'
import { AggregateRoot, type DomainEvent } from '@pantheon/kit/domain'

class Noted implements DomainEvent {
  readonly name = 'Noted'
  readonly occurredAt = new Date()
  constructor(readonly note: string) {}
}

class Notebook extends AggregateRoot<string> {
  constructor() {
    super('notebook')
  }
  note(text: string) {
    this.raise(new Noted(text))
  }
}

const TABLE = 'uow_probe'

async function storedNames() {
  const rows = await db.from(TABLE).select('name').orderBy('name')
  return rows.map((row) => row.name)
}

test.group('Lucid unit of work', (group) => {
  group.setup(async () => {
    await db.connection().schema.dropTableIfExists(TABLE)
    await db.connection().schema.createTable(TABLE, (table) => table.string('name'))
    return () => db.connection().schema.dropTableIfExists(TABLE)
  })
  group.each.setup(async () => {
    await db.from(TABLE).delete()
  })

  test('commits the work of a successful result', async ({ assert }) => {
    const unitOfWork = new LucidUnitOfWork(db)
    await unitOfWork.run(async () => {
      await unitOfWork.client().insertQuery().table(TABLE).insert({ name: 'kept' })
      return success(true)
    })
    assert.deepEqual(await storedNames(), ['kept'])
  })

  test('rolls back the work of a failure result', async ({ assert }) => {
    const unitOfWork = new LucidUnitOfWork(db)
    const result = await unitOfWork.run(async () => {
      await unitOfWork.client().insertQuery().table(TABLE).insert({ name: 'dropped' })
      return failure(AppError.conflict('Probe.Conflict', 'no'))
    })
    assert.isFalse(result.ok)
    assert.deepEqual(await storedNames(), [])
  })

  test('rolls back and rethrows when the work throws', async ({ assert }) => {
    const unitOfWork = new LucidUnitOfWork(db)
    await assert.rejects(
      () =>
        unitOfWork.run(async () => {
          await unitOfWork.client().insertQuery().table(TABLE).insert({ name: 'dropped' })
          throw new Error('crash mid-command')
        }),
      'crash mid-command'
    )
    assert.deepEqual(await storedNames(), [])
  })

  test("never lends one module's transaction to another module", async ({ assert }) => {
    const catalog = new LucidUnitOfWork(db)
    const orders = new LucidUnitOfWork(db)
    await catalog.run(async () => {
      assert.isTrue(catalog.client().isTransaction)
      assert.isFalse(orders.client().isTransaction)
      return success(true)
    })
  })

  test('runs domain event handlers before the commit, in the same transaction', async ({
    assert,
  }) => {
    const unitOfWork = new LucidUnitOfWork(db)
    unitOfWork.domainEvents.register(Noted, {
      async handle(event: DomainEvent) {
        await unitOfWork
          .client()
          .insertQuery()
          .table(TABLE)
          .insert({ name: (event as Noted).note })
      },
    })
    const notebook = new Notebook()
    await unitOfWork.run(async () => {
      notebook.note('from the handler')
      unitOfWork.track(notebook)
      return success(true)
    })
    assert.deepEqual(await storedNames(), ['from the handler'])
  })

  test('a failing domain event handler rolls the whole unit back', async ({ assert }) => {
    const unitOfWork = new LucidUnitOfWork(db)
    unitOfWork.domainEvents.register(Noted, {
      async handle() {
        throw new Error('handler failed')
      },
    })
    const notebook = new Notebook()
    await assert.rejects(
      () =>
        unitOfWork.run(async () => {
          await unitOfWork.client().insertQuery().table(TABLE).insert({ name: 'business write' })
          notebook.note('x')
          unitOfWork.track(notebook)
          return success(true)
        }),
      'handler failed'
    )
    assert.deepEqual(await storedNames(), [])
  })

  test('a failure result dispatches nothing', async ({ assert }) => {
    const unitOfWork = new LucidUnitOfWork(db)
    let handled = 0
    unitOfWork.domainEvents.register(Noted, { handle: async () => void (handled += 1) })
    const notebook = new Notebook()
    await unitOfWork.run(async () => {
      notebook.note('x')
      unitOfWork.track(notebook)
      return failure(AppError.conflict('Probe.Conflict', 'no'))
    })
    assert.equal(handled, 0)
  })
})
