import { test } from '@japa/runner'
import { readFile, writeFile } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import AddCrud from '#commands/add_crud'
import AddEntity from '#commands/add_entity'
import AddModule from '#commands/add_module'
import RemoveEntity from '#commands/remove_entity'
import SyncEntity from '#commands/sync_entity'
import { filesUnder, moduleMigrations } from '#tests/common/module_files'
import { scaffoldingApp, type ScaffoldingApp } from '#tests/common/scaffolding'

/*
 * Parts of an aggregate (`add-entity OrderLine --part-of Order`): the part's own files, the
 * aggregate's files written again to hold the list, the table keyed by the aggregate's id and
 * position, and every refusal. Generated apps with parts run their own tests end to end in
 * tests/integration/scaffolding/real_domain.spec.ts.
 */

let shop: ScaffoldingApp

const MODULE = 'PartShop'
const FOLDER = 'part_shop'
const ORDERS = 'part_shop_orders'
const LINES = 'part_shop_order_lines'
const path = (file: string) => shop.path('modules', FOLDER, file)
const addMigration = (name: string) => moduleMigrations(shop, MODULE).add(name)
const migrate = (file: string, direction: 'up' | 'down') =>
  moduleMigrations(shop, MODULE).run(file, direction)
const read = (file: string) => readFile(path(file), 'utf8')

const addOrder = (properties = 'Number:string(20)') =>
  shop.run(AddEntity, ['Order', '--module', MODULE, '--aggregate', '--properties', properties])

/** A part of the Order, as `add-entity <name> --part-of Order` writes it. */
const addPart = (name: string, properties: string, ...flags: string[]) =>
  shop.run(AddEntity, [
    name,
    '--module',
    MODULE,
    '--part-of',
    'Order',
    '--properties',
    properties,
    ...flags,
  ])

const addLine = (...flags: string[]) =>
  addPart('OrderLine', 'Sku:string(40),Quantity:int,Note:text?', ...flags)

test.group('Parts of an aggregate: add-entity --part-of', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    await shop.run(AddModule, [MODULE])
    return () => shop.remove()
  })

  test('the part gets its definition and type; the aggregate and its use cases hold the list', async ({
    assert,
  }) => {
    await addOrder()
    await shop.run(AddCrud, ['Order', '--module', MODULE])
    const { exitCode, output } = await addLine('--min-items', '1', '--max-items', '50')
    assert.equal(exitCode, 0, output)

    const definition = await read('domain/order_line_definition.ts')
    assert.include(definition, "partOf: 'Order',")
    assert.include(definition, 'items: { min: 1, max: 50 },')
    const part = await read('domain/order_line.ts')
    assert.include(part, 'export interface OrderLine {')
    assert.include(part, 'readonly note: string | null')
    assert.include(part, 'export function orderLine(input: NewOrderLine): OrderLine {')
    // A part has no id, repository or events of its own.
    for (const file of ['order_line_id.ts', 'order_line_repository.ts', 'order_line_created.ts']) {
      assert.notInclude(Object.keys(await filesUnder(path('domain'))).join(), file)
    }

    const aggregate = await read('domain/order.ts')
    assert.include(aggregate, 'readonly lines: readonly OrderLine[]')
    assert.include(aggregate, 'lines: input.lines.map((item) => orderLine(item)),')
    const repository = await read('infrastructure/persistence/lucid_order_repository.ts')
    assert.include(repository, `export const ORDER_LINES_TABLE = '${LINES}'`)
    assert.include(repository, "parentColumn: 'order_id'")
    assert.match(repository, /await replaceParts\(\s*client,\s*LINES,\s*id,/)
    assert.match(repository, /await loadParts<OrderLineRow>\(\s*client,\s*LINES,\s*ids\s*\)/)
    // The use cases written before the part carry the lines now.
    const validator = await read('application/commands/create_order/create_order_validator.ts')
    assert.match(validator, /lines: vine\s*\.array\(/)
    assert.match(validator, /\.minLength\(1\)\s*\.maxLength\(50\)/)
    const command = await read('application/commands/create_order/create_order_command.ts')
    assert.include(command, "import type { NewOrderLine } from '../../../domain/order_line.js'")
    assert.include(command, 'readonly lines: NewOrderLine[]')
    const patch = await read('application/commands/patch_order/patch_order_validator.ts')
    assert.match(patch, /\.use\(notNull\(\)\)\s*\.optional\(\)/)
    const dto = await read('application/dtos/order_dto.ts')
    assert.include(dto, 'lines: { sku: string; quantity: number; note: string | null }[]')
  })

  test('the migration keys the lines by order and position and removes them with their order', async ({
    assert,
    cleanup,
  }) => {
    await addOrder()
    await addLine()
    const migration = await addMigration('Init')
    assert.equal(migration.exitCode, 0, migration.output)
    assert.match(migration.source, /\.inTable\('part_shop_orders'\)\s*\.onDelete\('CASCADE'\)/)
    assert.include(migration.source, "table.primary(['order_id', 'position'])")
    const [up] = migration.source.split('async down()')
    assert.isBelow(up.indexOf(`createTable('${ORDERS}'`), up.indexOf(`createTable('${LINES}'`))

    await db.connection().schema.dropTableIfExists(LINES)
    await db.connection().schema.dropTableIfExists(ORDERS)
    cleanup(async () => {
      await db.connection().schema.dropTableIfExists(LINES)
      await db.connection().schema.dropTableIfExists(ORDERS)
    })
    await migrate(migration.file, 'up')
    const order = '0190a5a8-0000-7000-8000-000000000001'
    await db.table(ORDERS).insert({ id: order, number: 'N1' })
    await db.table(LINES).multiInsert([
      { order_id: order, position: 0, sku: 'A', quantity: 1 },
      { order_id: order, position: 1, sku: 'B', quantity: 2 },
    ])
    await db.from(ORDERS).where('id', order).delete()
    assert.lengthOf(await db.from(LINES), 0)
    await migrate(migration.file, 'down')
  })

  test("a change to the order's table keeps its lines, though SQLite rebuilds the table", async ({
    assert,
    cleanup,
  }) => {
    await addOrder('Number:string(20),Note:text?')
    await addLine()
    const init = await addMigration('Init')
    const file = path('domain/order_definition.ts')
    const definition = await readFile(file, 'utf8')
    await writeFile(file, definition.replace("    note: { type: 'text', optional: true },\n", ''))
    const dropped = await addMigration('DropOrderNote')
    assert.equal(dropped.exitCode, 0, dropped.output)
    assert.include(
      dropped.source,
      "import { ForeignKeySafeSchema } from '@pantheon/kit/persistence'"
    )
    assert.include(dropped.source, 'export default class extends ForeignKeySafeSchema {')
    // A migration that only creates tables needs none of it.
    assert.include(init.source, 'export default class extends BaseSchema {')

    await db.connection().schema.dropTableIfExists(LINES)
    await db.connection().schema.dropTableIfExists(ORDERS)
    cleanup(async () => {
      await db.connection().schema.dropTableIfExists(LINES)
      await db.connection().schema.dropTableIfExists(ORDERS)
    })
    await migrate(init.file, 'up')
    const order = '0190a5a8-0000-7000-8000-000000000001'
    await db.table(ORDERS).insert({ id: order, number: 'N1', note: 'Gift' })
    await db.table(LINES).multiInsert([
      { order_id: order, position: 0, sku: 'A', quantity: 1 },
      { order_id: order, position: 1, sku: 'B', quantity: 2 },
    ])
    await migrate(dropped.file, 'up')
    assert.lengthOf(await db.from(LINES), 2)
    await migrate(dropped.file, 'down')
    assert.lengthOf(await db.from(LINES), 2)
    assert.lengthOf(await db.from(ORDERS), 1)
    // The foreign keys are on again: a line of no order is refused.
    const orphan = {
      order_id: '0190a5a8-0000-7000-8000-0000000000ff',
      position: 0,
      sku: 'C',
      quantity: 1,
    }
    await assert.rejects(() => db.table(LINES).insert(orphan))
    await db.from(LINES).delete()
    await db.from(ORDERS).delete()
    await migrate(init.file, 'down')
  })

  test('sync-entity of a part, edited, writes its aggregate again', async ({ assert }) => {
    await addOrder()
    await addLine()
    const file = path('domain/order_line_definition.ts')
    const definition = await readFile(file, 'utf8')
    await writeFile(
      file,
      definition.replace(
        "quantity: { type: 'int', optional: false },",
        "quantity: { type: 'int', optional: false },\n    discount: { type: 'decimal', optional: true },"
      )
    )
    const { exitCode, output } = await shop.run(SyncEntity, ['OrderLine', '--module', MODULE])
    assert.equal(exitCode, 0, output)
    assert.include(await read('domain/order_line.ts'), 'readonly discount: number | null')
    const repository = await read('infrastructure/persistence/lucid_order_repository.ts')
    assert.include(repository, 'discount: item.discount')
  })

  test('an aggregate replaced with --force keeps its parts; made an entity, it is refused', async ({
    assert,
  }) => {
    await addOrder()
    await addLine()
    const replaced = await shop.run(AddEntity, [
      'Order',
      '--module',
      MODULE,
      '--aggregate',
      '--force',
      '--properties',
      'Number:string(20),Total:decimal(10,2)',
    ])
    assert.equal(replaced.exitCode, 0, replaced.output)
    assert.include(await read('domain/order.ts'), 'readonly lines: readonly OrderLine[]')
    const demoted = await shop.run(AddEntity, [
      'Order',
      '--module',
      MODULE,
      '--force',
      '--properties',
      'Number:string(20)',
    ])
    assert.equal(demoted.exitCode, 1)
    assert.include(demoted.output, 'OrderLine cannot be a part of Order')
  })

  test('an aggregate with two parts stores and reads both', async ({ assert }) => {
    await addOrder()
    await addLine()
    const { exitCode, output } = await addPart('Payment', 'Amount:decimal(10,2)')
    assert.equal(exitCode, 0, output)
    const repository = await read('infrastructure/persistence/lucid_order_repository.ts')
    for (const part of ['OrderLine', 'Payment']) {
      assert.include(repository, `function to${part}Row(item: ${part})`)
      assert.include(repository, `function to${part}(row: ${part}Row): ${part}`)
    }
    // Each part's own columns, each read back as a number where it is one.
    assert.include(repository, 'amount: Number(row.amount)')
    assert.include(repository, 'quantity: Number(row.quantity)')
    assert.include(await read('domain/order.ts'), 'readonly payments: readonly Payment[]')
  })

  test("a part's required JSON property may be absent from New<Part>, as its validator types it", async ({
    assert,
  }) => {
    await addOrder()
    const { exitCode, output } = await addPart('OrderNote', 'Body:json,Extra:json?')
    assert.equal(exitCode, 0, output)
    const part = await read('domain/order_note.ts')
    // vine.any() types its value as possibly undefined: `body: unknown` failed the typecheck of
    // every command holding notes. The factory still refuses it absent.
    assert.match(
      part,
      /export interface NewOrderNote \{[^}]*\n {2}body\?: unknown\n {2}extra\?: unknown\n\}/
    )
    assert.include(part, "body: requireProperty('OrderNote', 'body', input.body)")
  })

  test('an aggregate and its part of the same column types import each helper once', async ({
    assert,
  }) => {
    await addOrder('Meta:json,PlacedOn:date')
    const { exitCode, output } = await addPart('OrderNote', 'Body:json?,WrittenOn:date')
    assert.equal(exitCode, 0, output)
    const repository = await read('infrastructure/persistence/lucid_order_repository.ts')
    // Imported twice, the module failed to load: "Identifier 'fromSqlJson' has already been declared".
    for (const helper of ['fromSqlJson', 'toSqlJson', 'fromSqlDate', 'toSqlDate']) {
      assert.lengthOf(repository.match(new RegExp(`^ {2}${helper},$`, 'gm')) ?? [], 1, helper)
    }
  })

  test('remove-entity of a part writes its aggregate and use cases again without it, and drops its table', async ({
    assert,
  }) => {
    await addOrder()
    await shop.run(AddCrud, ['Order', '--module', MODULE])
    await addLine()
    await addMigration('AddOrders')
    const removed = await shop.run(RemoveEntity, ['OrderLine', '--module', MODULE, '--confirm'])
    assert.equal(removed.exitCode, 0, removed.output)
    assert.include(removed.output, "Order's files and use cases were written again without it")

    const files = Object.keys(await filesUnder(shop.path('modules', FOLDER)))
    const left = files.filter(
      (file) => file.includes('order_line') && !file.includes('/migrations/')
    )
    assert.deepEqual(left, [])
    assert.notInclude(await read('domain/order.ts'), 'lines')
    assert.notInclude(await read('infrastructure/persistence/lucid_order_repository.ts'), 'Parts')
    const command = await read('application/commands/create_order/create_order_command.ts')
    assert.notInclude(command, 'lines')
    assert.notInclude(await read('application/dtos/order_dto.ts'), 'lines')
    const drop = files.find((file) => file.endsWith(`_drop_${LINES}_table.ts`))
    assert.isDefined(drop, files.join('\n'))
  })

  test('add-crud of a part is refused, naming its aggregate', async ({ assert }) => {
    await addOrder()
    await addLine()
    const { exitCode, output } = await shop.run(AddCrud, ['OrderLine', '--module', MODULE])
    assert.equal(exitCode, 1)
    assert.include(output, 'OrderLine is a part of Order')
    assert.include(output, `node ace add-crud Order --module ${MODULE}`)
  })

  test('refuses {what}')
    .with([
      {
        what: 'a part of an entity the module lacks',
        argv: ['Line', '--part-of', 'Basket', '--properties', 'Sku:string'],
        message: 'There is no entity Basket in the PartShop module for Line to be a part of',
      },
      {
        what: 'a part that is an aggregate',
        argv: ['Line', '--part-of', 'Order', '--aggregate', '--properties', 'Sku:string'],
        message: 'Line cannot be both an aggregate and a part of Order',
      },
      {
        what: 'a part of an entity that is no aggregate root',
        argv: ['Line', '--part-of', 'Note', '--properties', 'Sku:string'],
        message: 'Line cannot be a part of Note: a part belongs to an aggregate root',
      },
      {
        what: 'a unique key on a part',
        argv: ['Line', '--part-of', 'Order', '--properties', 'Sku:string(20):unique'],
        message: "A part's property is a value: sku of Line cannot be a unique key",
      },
      {
        what: "a part's property named as its table's key column",
        argv: ['Line', '--part-of', 'Order', '--properties', 'Sku:string,Position:int'],
        message:
          'Line cannot have a property position: its table keys each Line by order_id and position',
      },
      {
        what: "a part's property named as its aggregate's id",
        argv: ['Line', '--part-of', 'Order', '--properties', 'OrderId:uuid'],
        message: 'Line cannot have a property orderId',
      },
      {
        what: 'more items at least than at most',
        argv: [
          'Line',
          '--part-of',
          'Order',
          '--properties',
          'Sku:string',
          '--min-items',
          '5',
          '--max-items',
          '2',
        ],
        message: '--min-items (5) is more than --max-items (2)',
      },
      {
        what: 'bounds without --part-of',
        argv: ['Line', '--properties', 'Sku:string', '--max-items', '2'],
        message: '--min-items and --max-items are for a part: add --part-of <Aggregate>',
      },
      {
        what: 'more items than the limit',
        argv: ['Line', '--part-of', 'Order', '--properties', 'Sku:string', '--max-items', '5000'],
        message: 'at most 1000',
      },
    ])
    .run(async ({ assert }, { argv, message }) => {
      await addOrder()
      await shop.run(AddEntity, ['Note', '--module', MODULE, '--properties', 'Text:string'])
      const before = await filesUnder(shop.path('modules', FOLDER))
      const { exitCode, output } = await shop.run(AddEntity, [...argv, '--module', MODULE])
      assert.equal(exitCode, 1)
      assert.include(output, message)
      assert.deepEqual(await filesUnder(shop.path('modules', FOLDER)), before)
    })
})
