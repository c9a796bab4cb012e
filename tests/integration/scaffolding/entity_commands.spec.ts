import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import AddCommand from '#commands/add_command'
import AddEndpoint from '#commands/add_endpoint'
import AddEntity from '#commands/add_entity'
import AddMigration from '#commands/add_migration'
import AddModule from '#commands/add_module'
import AddQuery from '#commands/add_query'
import SyncEntity from '#commands/sync_entity'
import { filesUnder } from '#tests/common/module_files'
import { failingWriter, scaffoldingApp, type ScaffoldingApp } from '#tests/common/scaffolding'

/** The app made by `init` in a temp folder that the running test scaffolds in. */
let shop: ScaffoldingApp

const MODULE = 'ScaffoldShop'
const FOLDER = 'scaffold_shop'
const path = (file: string) => shop.path('modules', FOLDER, file)
const registration = () => readFile(path(`infrastructure/${FOLDER}_module.ts`), 'utf8')
const migrations = async () => {
  const files = await readdir(path('infrastructure/database/migrations'))
  return files.filter((f) => f.endsWith('.ts'))
}

async function addProduct(extra: string[] = []) {
  return shop.run(AddEntity, [
    'Product',
    '--module',
    MODULE,
    '--aggregate',
    '--properties',
    'Name:string,Price:decimal,Notes:text?',
    ...extra,
  ])
}

test.group('add-entity', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    await shop.run(AddModule, [MODULE])
    return () => shop.remove()
  })

  test('creates the entity, its id, repository, model and test, and registers the repository', async ({
    assert,
  }) => {
    const { exitCode } = await addProduct()
    assert.equal(exitCode, 0)
    for (const file of [
      'domain/product.ts',
      'domain/product_id.ts',
      'domain/product_definition.ts',
      'domain/product_created.ts',
      'domain/product_repository.ts',
      'infrastructure/persistence/lucid_product_repository.ts',
      'tests/unit/product.spec.ts',
    ]) {
      assert.isTrue(existsSync(path(file)), `${file} is missing`)
    }
    // Wrapped by prettier, as the app's own format would.
    assert.include(
      await registration(),
      [
        '    this.app.container.singleton(',
        '      ProductRepository,',
        '      () => new LucidProductRepository(this.unitOfWork)',
        '    )',
      ].join('\n')
    )
    assert.include(
      await readFile(path('infrastructure/persistence/lucid_product_repository.ts'), 'utf8'),
      "export const PRODUCTS_TABLE = 'scaffold_shop_products'"
    )
    // Read and written with the query builder, as Catalog's repository is: no Lucid model.
    assert.isFalse(existsSync(path('infrastructure/persistence/product_model.ts')))
  })

  test('refuses an entity whose generated names collide with an existing entity', async ({
    assert,
  }) => {
    await addProduct()
    for (const name of ['ProductId', 'ProductModel', 'NewProduct']) {
      const { exitCode, output } = await shop.run(AddEntity, [
        name,
        '--module',
        MODULE,
        '--properties',
        'Name:string',
      ])
      assert.equal(exitCode, 1)
      assert.include(output, `cannot be used beside the entity Product`)
    }
    // Product itself may still be generated again with --force.
    const again = await addProduct(['--force'])
    assert.equal(again.exitCode, 0)
  })

  test('an entity whose properties are all optional imports no requireProperty it does not use', async ({
    assert,
  }) => {
    const { exitCode } = await shop.run(AddEntity, [
      'Note',
      '--module',
      MODULE,
      '--properties',
      'Text:text?,Due:date?',
    ])
    assert.equal(exitCode, 0)
    const entity = await readFile(path('domain/note.ts'), 'utf8')
    assert.include(entity, "import { Entity } from '@pantheon/kit/domain'")
    assert.notInclude(entity, 'requireProperty')
  })

  test('registers the repository once however often it runs', async ({ assert }) => {
    await addProduct()
    await addProduct(['--force'])
    const source = await registration()
    assert.lengthOf(source.match(/singleton\(\s*ProductRepository,/g) ?? [], 1)
    assert.equal(source.split('import { ProductRepository }').length - 1, 1)
  })

  test('rejects an unknown property type, listing the valid ones', async ({ assert }) => {
    const { exitCode, output } = await shop.run(AddEntity, [
      'Product',
      '--module',
      MODULE,
      '--properties',
      'Name:varchar',
    ])
    assert.equal(exitCode, 1)
    assert.include(output, '"varchar" is not a property type')
    assert.include(
      output,
      'string, text, int, decimal, number, boolean, date, datetime, uuid, json'
    )
    assert.isFalse(existsSync(path('domain/product.ts')))
  })

  test('rejects {label}')
    .with([
      {
        label: 'a module that does not exist',
        argv: ['Product', '--module', 'Nowhere', '--properties', 'Name:string'],
        message: 'The module Nowhere does not exist',
      },
      {
        label: 'a property a class cannot have as a field',
        argv: ['Product', '--module', MODULE, '--properties', 'Constructor:string'],
        message: 'a class may not have a field named "constructor"',
      },
      {
        label: 'a property listed twice',
        argv: ['Product', '--module', MODULE, '--properties', 'Name:string,Name:text'],
        message: 'listed twice',
      },
      {
        label: 'a malformed property',
        argv: ['Product', '--module', MODULE, '--properties', 'Name'],
        message: 'is not a property',
      },
      {
        label: 'missing properties',
        argv: ['Product', '--module', MODULE],
        message: '--properties is required',
      },
    ])
    .run(async ({ assert }, { argv, message }) => {
      const { exitCode, output } = await shop.run(AddEntity, argv)
      assert.equal(exitCode, 1)
      assert.include(output, message)
    })

  test("--force keeps each property's options in the use cases it writes again", async ({
    assert,
  }) => {
    await addProduct()
    await shop.run(AddCommand, ['CreateProduct', '--module', MODULE, '--result-type', 'ProductId'])
    const { exitCode, output } = await shop.run(AddEntity, [
      'Product',
      '--module',
      MODULE,
      '--aggregate',
      '--force',
      '--properties',
      'Name:string(80),Status:enum(draft,live)',
    ])
    assert.equal(exitCode, 0, output)
    const validator = await readFile(
      path('application/commands/create_product/create_product_validator.ts'),
      'utf8'
    )
    assert.include(validator, "status: vine.enum(['draft', 'live'])")
    assert.include(validator, 'maxCharacters(80)')
  })

  test('--dry-run shows the registration diff and writes nothing', async ({ assert }) => {
    const before = await registration()
    const { exitCode, output } = await addProduct(['--dry-run'])
    assert.equal(exitCode, 0)
    assert.include(output, '+    this.app.container.singleton(\n+      ProductRepository,')
    assert.equal(await registration(), before)
    assert.isFalse(existsSync(path('domain/product.ts')))
  })

  test('a failure half-way restores the registration class and removes every new file', async ({
    assert,
  }) => {
    const before = await registration()
    const { exitCode } = await shop.run(
      AddEntity,
      ['Product', '--module', MODULE, '--aggregate', '--properties', 'Name:string'],
      { writer: failingWriter(9) }
    )
    assert.equal(exitCode, 1)
    assert.equal(await registration(), before)
    assert.isFalse(existsSync(path('domain/product.ts')))
    assert.isFalse(existsSync(path('infrastructure/persistence')))
  })
})

/** Every file of the module and its text: what a refused command must leave as it was. */
const moduleFiles = () => filesUnder(path(''))

/** A property list of `count` strings: Field1:string,Field2:string,… */
const propertyList = (count: number) =>
  Array.from({ length: count }, (_, index) => `Field${index + 1}:string`).join(',')

test.group('The bounds of a definition: properties and table names', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    await shop.run(AddModule, [MODULE])
    await addProduct()
    return () => shop.remove()
  })

  test('add-entity {label} refuses {count} properties, saying the limit, and writes nothing')
    .with([
      { label: 'of a new entity', name: 'Order', count: 201, extra: [] },
      { label: 'of a new entity', name: 'Order', count: 10_000, extra: [] },
      { label: '--force of an existing one', name: 'Product', count: 201, extra: ['--force'] },
    ])
    .run(async ({ assert }, { name, count, extra }) => {
      const before = await moduleFiles()
      const { exitCode, output } = await shop.run(AddEntity, [
        name,
        '--module',
        MODULE,
        '--properties',
        propertyList(count),
        ...extra,
      ])
      assert.equal(exitCode, 1)
      assert.include(output, `${count} properties were given in --properties: at most 200`)
      assert.deepEqual(await moduleFiles(), before)
    })

  test('sync-entity and add-migration refuse a definition edited past the limit, naming its file', async ({
    assert,
  }) => {
    const definition = path('domain/product_definition.ts')
    const extra = Array.from(
      { length: 198 },
      (_, index) => `    field${index + 1}: { type: 'int', optional: true },`
    )
    const source = await readFile(definition, 'utf8')
    await writeFile(
      definition,
      source.replace(
        "notes: { type: 'text', optional: true },",
        ["notes: { type: 'text', optional: true },", ...extra].join('\n')
      )
    )
    const before = await moduleFiles()
    for (const [command, argv] of [
      [SyncEntity, ['Product', '--module', MODULE]],
      [AddMigration, ['Grow', '--module', MODULE]],
    ] as const) {
      const { exitCode, output } = await shop.run(command, [...argv])
      assert.equal(exitCode, 1, output)
      assert.include(
        output,
        '201 properties were given in domain/product_definition.ts (Product): at most 200'
      )
    }
    assert.deepEqual(await moduleFiles(), before)
  })

  test('add-entity and add-migration refuse a new table whose name PostgreSQL would not keep', async ({
    assert,
  }) => {
    // 43 characters in snake_case, within a column's 63, but its table's name has 59.
    const name = 'WarehouseStockReservationLineItemEntry'
    const refusal =
      'would be scaffold_shop_warehouse_stock_reservation_line_item_entries (59 characters): a table name has at most 58'
    const before = await moduleFiles()
    const added = await shop.run(AddEntity, [
      name,
      '--module',
      MODULE,
      '--properties',
      'Name:string',
    ])
    assert.equal(added.exitCode, 1)
    assert.include(added.output, refusal)
    assert.deepEqual(await moduleFiles(), before)

    // A definition written by hand meets the same bound when its table is to be created.
    await writeFile(
      path('domain/warehouse_stock_reservation_line_item_entry_definition.ts'),
      `export const definition = { name: '${name}', aggregate: false, properties: {} }\n`
    )
    const written = await moduleFiles()
    const migrated = await shop.run(AddMigration, ['Init', '--module', MODULE])
    assert.equal(migrated.exitCode, 1)
    assert.include(migrated.output, refusal)
    assert.deepEqual(await moduleFiles(), written)
  })
})

test.group('add-migration', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    await shop.run(AddModule, [MODULE])
    await addProduct()
    return () => shop.remove()
  })

  test('creates the tables of new entities, then says when nothing changed', async ({ assert }) => {
    const first = await shop.run(AddMigration, ['Init', '--module', MODULE])
    assert.equal(first.exitCode, 0)
    const [file] = await migrations()
    const source = await readFile(path(`infrastructure/database/migrations/${file}`), 'utf8')
    assert.include(source, "this.schema.createTable('scaffold_shop_products'")
    assert.include(source, "table.decimal('price', 15, 4).notNullable()")
    assert.include(source, "table.text('notes').nullable()")
    assert.include(source, "this.schema.dropTable('scaffold_shop_products')")

    const second = await shop.run(AddMigration, ['Again', '--module', MODULE])
    assert.equal(second.exitCode, 0)
    assert.include(second.output, 'Nothing changed')
    assert.lengthOf(await migrations(), 1)
  })

  test('adds, drops and alters columns when the definition changes, with the way back', async ({
    assert,
  }) => {
    await shop.run(AddMigration, ['Init', '--module', MODULE])
    const definition = path('domain/product_definition.ts')
    const source = await readFile(definition, 'utf8')
    await writeFile(
      definition,
      source
        .replace(
          "notes: { type: 'text', optional: true },",
          "sku: { type: 'string', optional: true },"
        )
        .replace(
          "name: { type: 'string', optional: false },",
          "name: { type: 'text', optional: false },"
        )
    )

    const { exitCode } = await shop.run(AddMigration, ['ChangeProducts', '--module', MODULE])

    assert.equal(exitCode, 0)
    const files = await migrations()
    const file = files.find((name) => name.endsWith('_change_products.ts'))!
    const migration = await readFile(path(`infrastructure/database/migrations/${file}`), 'utf8')
    const [up, down] = migration.split('async down()')
    assert.include(up, "table.text('name').notNullable().alter()")
    assert.include(up, "table.string('sku', 255).nullable()")
    assert.include(up, "table.dropColumn('notes')")
    assert.include(down, "table.string('name', 255).notNullable().alter()")
    assert.include(down, "table.dropColumn('sku')")
    assert.include(down, "table.text('notes').nullable()")
    const snapshot = JSON.parse(
      await readFile(path('infrastructure/database/schema_snapshot.json'), 'utf8')
    )
    assert.deepEqual(Object.keys(snapshot.tables.scaffold_shop_products.columns), [
      'name',
      'price',
      'sku',
    ])
  })

  test('gives existing rows a value for a column that becomes required, and says so', async ({
    assert,
  }) => {
    await shop.run(AddMigration, ['Init', '--module', MODULE])
    const definition = path('domain/product_definition.ts')
    const source = await readFile(definition, 'utf8')
    await writeFile(
      definition,
      source.replace(
        "notes: { type: 'text', optional: true },",
        "notes: { type: 'text', optional: false },\n    quantity: { type: 'int', optional: false },"
      )
    )

    const { exitCode, output } = await shop.run(AddMigration, ['Stock', '--module', MODULE])

    assert.equal(exitCode, 0)
    assert.include(
      output,
      'scaffold_shop_products.quantity is required: existing rows get 0; change the default in the migration if another value is right'
    )
    assert.include(
      output,
      "scaffold_shop_products.notes is required: existing rows that hold no value get ''"
    )
    const files = await migrations()
    const file = files.find((name) => name.endsWith('_stock.ts'))!
    const migration = await readFile(path(`infrastructure/database/migrations/${file}`), 'utf8')
    const [up, down] = migration.split('async down()')
    assert.include(up, "table.integer('quantity').notNullable().defaultTo(0)")
    assert.include(up, '// quantity is required: existing rows get 0')
    assert.include(up, "db.from('scaffold_shop_products').whereNull('notes').update({ notes: '' })")
    assert.include(up, "table.text('notes').notNullable().defaultTo('').alter()")
    assert.include(up, "// notes becomes required: rows holding NULL get '' (the update above)")
    assert.isBelow(up.indexOf('whereNull'), up.indexOf('.alter()'))
    assert.include(down, "table.dropColumn('quantity')")
    assert.include(down, "table.text('notes').nullable().alter()")
  })

  test('--json lists what the migration does to existing rows among the next steps', async ({
    assert,
  }) => {
    await shop.run(AddMigration, ['Init', '--module', MODULE])
    const definition = path('domain/product_definition.ts')
    const source = await readFile(definition, 'utf8')
    await writeFile(
      definition,
      source.replace(
        "notes: { type: 'text', optional: true },",
        "notes: { type: 'text', optional: true },\n    quantity: { type: 'int', optional: false },"
      )
    )

    const { exitCode, output } = await shop.run(AddMigration, [
      'Stock',
      '--module',
      MODULE,
      '--json',
    ])

    assert.equal(exitCode, 0)
    const result = JSON.parse(output)
    assert.deepEqual(result.nextSteps, [
      'scaffold_shop_products.quantity is required: existing rows get 0; change the default in the migration if another value is right',
      'Apply it: node ace migration:run (or restart the app in development)',
    ])
  })
})

test.group('add-command, add-query and add-endpoint', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    await shop.run(AddModule, [MODULE])
    await addProduct()
    return () => shop.remove()
  })

  const commandFile = (snake: string, kind: string) =>
    path(`application/commands/${snake}/${snake}_${kind}.ts`)
  const queryFile = (snake: string, kind: string) =>
    path(`application/queries/${snake}/${snake}_${kind}.ts`)

  test('CreateProduct gets the entity fields, their rules and a handler that saves and returns the id', async ({
    assert,
  }) => {
    const { exitCode, output } = await shop.run(AddCommand, [
      'CreateProduct',
      '--module',
      MODULE,
      '--result-type',
      'ProductId',
      '--json',
    ])
    assert.equal(exitCode, 0)
    assert.lengthOf(JSON.parse(output).created, 4)
    const command = await readFile(commandFile('create_product', 'command'), 'utf8')
    assert.include(command, 'export class CreateProductCommand extends Command<ProductId>')
    assert.include(command, 'readonly notes?: string | null')
    const validator = await readFile(commandFile('create_product', 'validator'), 'utf8')
    assert.include(validator, 'name: vine.string().trim().minLength(1).use(maxCharacters(255)),')
    assert.include(
      validator,
      "import { defineCommandValidator, maxCharacters, maxDecimalPlaces } from '@pantheon/kit/application'"
    )
    assert.include(validator, '.use(maxDecimalPlaces(4))')
    assert.include(validator, 'notes: vine.string().trim().nullable().optional(),')
    const handler = await readFile(commandFile('create_product', 'handler'), 'utf8')
    assert.include(handler, 'const product = Product.create({')
    assert.include(handler, 'await this.repository.add(product)')
    assert.include(handler, 'return success(product.id)')
  })

  test('UpdateProduct and DeleteProduct find the product by id and report Product.NotFound', async ({
    assert,
  }) => {
    await shop.run(AddCommand, ['UpdateProduct', '--module', MODULE, '--result-type', 'void'])
    await shop.run(AddCommand, ['DeleteProduct', '--module', MODULE, '--result-type', 'void'])
    const update = await readFile(commandFile('update_product', 'handler'), 'utf8')
    assert.include(update, 'await this.repository.save(product)')
    assert.include(update, "storedForChange('Product', command,")
    assert.include(update, "entityNotFound('Product', command.id)")
    const remove = await readFile(commandFile('delete_product', 'handler'), 'utf8')
    assert.include(remove, 'await this.repository.remove(existing)')
    assert.include(remove, "storedForChange('Product', command,")
    assert.include(remove, "entityNotFound('Product', command.id)")
  })

  test('a command outside the CRUD conventions answers NotImplemented, never a fake success', async ({
    assert,
  }) => {
    await shop.run(AddCommand, ['Recalculate', '--module', MODULE, '--result-type', 'number'])
    const handler = await readFile(commandFile('recalculate', 'handler'), 'utf8')
    assert.include(handler, "AppError.notImplemented('Recalculate.NotImplemented'")
    assert.notInclude(handler, 'success(')
  })

  test('add-command --fields gives a command outside the CRUD conventions its fields and rules', async ({
    assert,
  }) => {
    const { exitCode } = await shop.run(AddCommand, [
      'Restock',
      '--module',
      MODULE,
      '--result-type',
      'void',
      '--fields',
      'Quantity:int,Note:text?',
    ])
    assert.equal(exitCode, 0)
    const command = await readFile(commandFile('restock', 'command'), 'utf8')
    assert.include(command, 'readonly quantity: number')
    assert.include(command, 'readonly note?: string | null')
    const validator = await readFile(commandFile('restock', 'validator'), 'utf8')
    assert.match(
      validator,
      /quantity: vine\s*\.number\(\{ strict: true \}\)\s*\.withoutDecimals\(\)\s*\.range\(\[-2147483648, 2147483647\]\),/
    )
    assert.include(validator, 'note: vine.string().trim().nullable().optional(),')
  })

  test('add-command refuses --fields for a command that takes its fields from the entity', async ({
    assert,
  }) => {
    const { exitCode, output } = await shop.run(AddCommand, [
      'CreateProduct',
      '--module',
      MODULE,
      '--result-type',
      'ProductId',
      '--fields',
      'Quantity:int',
    ])
    assert.equal(exitCode, 1)
    assert.include(output, 'CreateProduct takes its fields from the Product entity')
  })

  test('add-command rejects {label}')
    .with([
      {
        label: 'an unknown result type',
        argv: ['CreateProduct', '--module', MODULE, '--result-type', 'Widget'],
        message: '--result-type Widget is not known in this module',
      },
      {
        label: 'a create that does not return the id',
        argv: ['CreateProduct', '--module', MODULE, '--result-type', 'number'],
        message: 'use --result-type ProductId',
      },
      {
        label: 'a missing result type',
        argv: ['CreateProduct', '--module', MODULE],
        message: '--result-type is required',
      },
      {
        label: 'a name with accents',
        argv: ['ShipÖrder', '--module', MODULE, '--result-type', 'void'],
        message: 'For example: ShipOrder',
      },
    ])
    .run(async ({ assert }, { argv, message }) => {
      const { exitCode, output } = await shop.run(AddCommand, argv)
      assert.equal(exitCode, 1)
      assert.include(output, message)
    })

  test('add-command refuses to overwrite an existing command', async ({ assert }) => {
    await shop.run(AddCommand, ['CreateProduct', '--module', MODULE, '--result-type', 'ProductId'])
    const again = await shop.run(AddCommand, [
      'CreateProduct',
      '--module',
      MODULE,
      '--result-type',
      'ProductId',
    ])
    assert.equal(again.exitCode, 1)
    assert.include(again.output, 'The command CreateProduct already exists')
  })

  test('GetProductById creates ProductDto and maps the product to it', async ({ assert }) => {
    const { exitCode } = await shop.run(AddQuery, [
      'GetProductById',
      '--module',
      MODULE,
      '--result-type',
      'ProductDto',
    ])
    assert.equal(exitCode, 0)
    const dto = await readFile(path('application/dtos/product_dto.ts'), 'utf8')
    assert.include(dto, 'export interface ProductDto {')
    assert.include(dto, 'export function toProductDto(entity: Product): ProductDto {')
    const handler = await readFile(queryFile('get_product_by_id', 'handler'), 'utf8')
    assert.include(handler, 'return success(toProductDto(product))')
  })

  test('ListProducts pages through products with a list DTO', async ({ assert }) => {
    const { exitCode } = await shop.run(AddQuery, [
      'ListProducts',
      '--module',
      MODULE,
      '--result-type',
      'ProductListDto',
    ])
    assert.equal(exitCode, 0)
    assert.isTrue(existsSync(path('application/dtos/product_list_dto.ts')))
    assert.isTrue(existsSync(path('application/dtos/product_dto.ts')))
    const handler = await readFile(queryFile('list_products', 'handler'), 'utf8')
    assert.include(handler, 'await this.repository.list(criteria)')
  })

  test('GetProductById maps with a DTO written by hand only when it exports toProductDto', async ({
    assert,
  }) => {
    const dto = path('application/dtos/product_dto.ts')
    await mkdir(dirname(dto), { recursive: true })
    const args = ['GetProductById', '--module', MODULE, '--result-type', 'ProductDto']
    // A mapper named in a comment is no mapper: text matching took it for one.
    await writeFile(
      dto,
      'export interface ProductDto {\n  id: string\n}\n\n// export function toProductDto(entity: Product) comes later\n'
    )
    const refused = await shop.run(AddQuery, args)
    assert.equal(refused.exitCode, 1)
    assert.include(refused.output, 'ProductDto exists but has no toProductDto(entity)')
    await writeFile(
      dto,
      [
        "import type { Product } from '../../domain/product.js'",
        '',
        'export interface ProductDto {',
        '  id: string',
        '}',
        '',
        'export const toProductDto = (entity: Product): ProductDto => ({ id: entity.id.value })',
        '',
      ].join('\n')
    )
    const accepted = await shop.run(AddQuery, args)
    assert.equal(accepted.exitCode, 0)
    assert.include(
      await readFile(queryFile('get_product_by_id', 'handler'), 'utf8'),
      'return success(toProductDto(product))'
    )
  })

  test('a custom query gets its missing DTO and a NotImplemented handler', async ({ assert }) => {
    const { exitCode } = await shop.run(AddQuery, [
      'Stats',
      '--module',
      MODULE,
      '--result-type',
      'StatsDto',
    ])
    assert.equal(exitCode, 0)
    assert.isTrue(existsSync(path('application/dtos/stats_dto.ts')))
    assert.include(await readFile(queryFile('stats', 'handler'), 'utf8'), "'Stats.NotImplemented'")
  })

  test('add-endpoint binds a command and answers 201 with the Location for an id', async ({
    assert,
  }) => {
    await shop.run(AddCommand, ['CreateProduct', '--module', MODULE, '--result-type', 'ProductId'])
    const { exitCode } = await shop.run(AddEndpoint, [
      'CreateProduct',
      '--module',
      MODULE,
      '--method',
      'POST',
      '--route',
      '/',
      '--command',
      'CreateProduct',
      '--result-type',
      'ProductId',
    ])
    assert.equal(exitCode, 0)
    const endpoint = await readFile(path('api/create_product_endpoint.ts'), 'utf8')
    assert.include(endpoint, "readonly method = 'post'")
    assert.include(endpoint, 'CreateProductCommand.fromInput(input)')
    assert.include(endpoint, 'this.created(ctx, id)')
    assert.include(endpoint, 'requestBody: createProductValidator.validator,')
    assert.include(endpoint, 'representation: ID_REPRESENTATION,')
    assert.include(endpoint, "headers: { Location: 'The URL to read it at' },")
    assert.notInclude(endpoint, 'problems:')
    assert.isTrue(existsSync(path('tests/integration/create_product_endpoint.spec.ts')))
  })

  test('the starter test of an endpoint for a use case of its own is as prettier lays it out, at any route length', async ({
    assert,
  }) => {
    await shop.run(AddCommand, ['ShipThing', '--module', MODULE, '--result-type', 'void'])
    await shop.run(AddQuery, ['FindThing', '--module', MODULE, '--result-type', 'string'])
    const prettier = await import('prettier')
    const preset = '@adonisjs/prettier-config'
    const { default: config } = (await import(preset)) as { default: object }
    const widths = new Set<number>()
    // Routes from short to past the print width: the test's longest line crosses 100 columns.
    for (let length = 24; length <= 40; length += 2) {
      const segment = 'r'.repeat(length)
      for (const [method, route, useCase] of [
        ['POST', `/${segment}`, ['--command', 'ShipThing']],
        ['GET', `/${segment}/:id`, ['--query', 'FindThing']],
      ] as const) {
        const name = `${method === 'POST' ? 'Ship' : 'Find'}Thing${length}`
        const { exitCode, output } = await shop.run(AddEndpoint, [
          name,
          '--module',
          MODULE,
          '--method',
          method,
          '--route',
          route,
          ...useCase,
        ])
        assert.equal(exitCode, 0, output)
        const file = path(
          `tests/integration/${method === 'POST' ? 'ship' : 'find'}_thing${length}_endpoint.spec.ts`
        )
        const text = await readFile(file, 'utf8')
        assert.equal(text, await prettier.format(text, { ...config, filepath: file }))
        widths.add(Math.max(...text.split('\n').map((line) => line.length)))
      }
    }
    assert.isTrue(
      [99, 100].some((width) => widths.has(width)),
      [...widths].join(', ')
    )
    assert.isTrue(
      [...widths].some((width) => width > 100),
      [...widths].join(', ')
    )
  })

  test('add-endpoint documents the body, the DTO from the entity definition and 404', async ({
    assert,
  }) => {
    await shop.run(AddCommand, ['UpdateProduct', '--module', MODULE, '--result-type', 'void'])
    await shop.run(AddQuery, ['GetProductById', '--module', MODULE, '--result-type', 'ProductDto'])
    const endpoint = async (name: string, method: string, kind: string, message: string) => {
      const args = [name, '--module', MODULE, '--method', method, '--route', '/:id']
      const { exitCode } = await shop.run(AddEndpoint, [...args, kind, message])
      assert.equal(exitCode, 0)
      return readFile(
        path(`api/${name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase()}_endpoint.ts`),
        'utf8'
      )
    }
    const update = await endpoint('UpdateProduct', 'PUT', '--command', 'UpdateProduct')
    assert.include(update, 'requestBody: updateProductValidator.validator,')
    assert.include(update, 'problems: [404],')
    const get = await endpoint('GetProduct', 'GET', '--query', 'GetProductById')
    assert.include(get, 'const productRepresentation = defineRepresentation(')
    assert.include(get, 'id: vine.string().uuid(),')
    assert.include(get, 'name: vine.string(),')
    assert.include(get, 'representation: productRepresentation,')
    assert.include(get, 'value satisfies RepresentationOf<typeof productRepresentation>')
    assert.include(get, 'problems: [404],')
    assert.notInclude(get, 'requestBody')
  })

  test('add-endpoint refuses {label} and writes nothing')
    .with([
      {
        label: 'a result type the command does not return',
        argv: ['--method', 'POST', '--route', '/', '--result-type', 'string'],
        message:
          '--result-type string does not match CreateProductCommand, which returns ProductId',
      },
      {
        label: 'an unknown command, listing the known ones',
        argv: ['--method', 'POST', '--route', '/', '--command', 'MakeProduct'],
        message: 'Known commands: CreateProduct',
      },
    ])
    .run(async ({ assert }, { argv, message }) => {
      await shop.run(AddCommand, [
        'CreateProduct',
        '--module',
        MODULE,
        '--result-type',
        'ProductId',
      ])
      const { exitCode, output } = await shop.run(AddEndpoint, [
        'Thing',
        '--module',
        MODULE,
        ...(argv.includes('--command') ? [] : ['--command', 'CreateProduct']),
        ...argv,
      ])
      assert.equal(exitCode, 1)
      assert.include(output, message)
      assert.isFalse(existsSync(path('api/thing_endpoint.ts')))
    })

  test('add-endpoint reads the result type from the command when --result-type is left out', async ({
    assert,
  }) => {
    await shop.run(AddCommand, ['CreateProduct', '--module', MODULE, '--result-type', 'ProductId'])
    const { exitCode } = await shop.run(AddEndpoint, [
      'CreateProduct',
      '--module',
      MODULE,
      '--method',
      'POST',
      '--route',
      '/',
      '--command',
      'CreateProduct',
    ])
    assert.equal(exitCode, 0)
    assert.include(
      await readFile(path('api/create_product_endpoint.ts'), 'utf8'),
      'this.created(ctx, id)'
    )
  })

  test('add-endpoint refuses a second endpoint on the same method and route, naming the first', async ({
    assert,
  }) => {
    await shop.run(AddCommand, ['CreateProduct', '--module', MODULE, '--result-type', 'ProductId'])
    const endpoint = (name: string) =>
      shop.run(AddEndpoint, [
        name,
        '--module',
        MODULE,
        '--method',
        'POST',
        '--route',
        '/',
        '--command',
        'CreateProduct',
      ])
    const first = await endpoint('CreateProduct')
    assert.equal(first.exitCode, 0)
    const second = await endpoint('AddProduct')
    assert.equal(second.exitCode, 1)
    assert.include(
      second.output,
      `POST / is already served by modules/${FOLDER}/api/create_product_endpoint.ts`
    )
    assert.isFalse(existsSync(path('api/add_product_endpoint.ts')))
  })

  test('add-endpoint refuses a route that differs from a served one only by its param names', async ({
    assert,
  }) => {
    await shop.run(AddQuery, ['GetProductById', '--module', MODULE, '--result-type', 'ProductDto'])
    const endpoint = (name: string, route: string) =>
      shop.run(AddEndpoint, [
        name,
        '--module',
        MODULE,
        '--method',
        'GET',
        '--route',
        route,
        '--query',
        'GetProductById',
      ])
    const first = await endpoint('GetProduct', '/:id')
    assert.equal(first.exitCode, 0)
    const second = await endpoint('ShowProduct', '/:productId')
    assert.equal(second.exitCode, 1)
    assert.include(
      second.output,
      `GET /:productId is already served by modules/${FOLDER}/api/get_product_endpoint.ts`
    )
  })

  test('add-endpoint rejects {label}')
    .with([
      {
        label: 'an unknown method',
        argv: ['--method', 'FETCH', '--route', '/', '--query', 'Anything'],
        message: '--method must be one of GET, POST, PUT, PATCH, DELETE',
      },
      {
        label: 'a malformed route',
        argv: ['--method', 'GET', '--route', 'items/../x', '--query', 'Anything'],
        message: 'is not a route',
      },
      {
        label: 'both a command and a query',
        argv: ['--method', 'GET', '--route', '/', '--query', 'A', '--command', 'B'],
        message: 'Give exactly one of --command',
      },
      {
        label: 'a query that does not exist',
        argv: ['--method', 'GET', '--route', '/', '--query', 'Missing'],
        message: 'The query Missing does not exist',
      },
    ])
    .run(async ({ assert }, { argv, message }) => {
      const { exitCode, output } = await shop.run(AddEndpoint, [
        'Thing',
        '--module',
        MODULE,
        '--result-type',
        'string',
        ...argv,
      ])
      assert.equal(exitCode, 1)
      assert.include(output, message)
      assert.isFalse(existsSync(path('api/thing_endpoint.ts')))
    })
})

test.group('Every entity-level command: dry run and rollback', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    await shop.run(AddModule, [MODULE])
    await addProduct()
    await shop.run(AddCommand, ['CreateProduct', '--module', MODULE, '--result-type', 'ProductId'])
    await shop.run(AddQuery, ['GetProductById', '--module', MODULE, '--result-type', 'ProductDto'])
    return () => shop.remove()
  })

  const cases = [
    {
      name: 'add-command',
      command: AddCommand,
      argv: ['UpdateProduct', '--module', MODULE, '--result-type', 'void'],
      creates: 'application/commands/update_product/update_product_command.ts',
    },
    {
      name: 'add-query',
      command: AddQuery,
      argv: ['ListProducts', '--module', MODULE, '--result-type', 'ProductListDto'],
      creates: 'application/queries/list_products/list_products_query.ts',
    },
    {
      name: 'add-endpoint',
      command: AddEndpoint,
      argv: [
        'GetProduct',
        '--module',
        MODULE,
        '--method',
        'GET',
        '--route',
        '/:id',
        '--query',
        'GetProductById',
        '--result-type',
        'ProductDto',
      ],
      creates: 'api/get_product_endpoint.ts',
    },
    {
      name: 'add-migration',
      command: AddMigration,
      argv: ['Init', '--module', MODULE],
      creates: 'infrastructure/database/schema_snapshot.json',
    },
  ]

  test('{name} --dry-run lists its files and writes nothing')
    .with(cases)
    .run(async ({ assert }, { command, argv, creates }) => {
      const { exitCode, output } = await shop.run(command, [...argv, '--dry-run'])
      assert.equal(exitCode, 0)
      assert.include(output, `would create modules/${FOLDER}/${creates}`)
      assert.isFalse(existsSync(path(creates)))
    })

  test('{name} leaves nothing behind when its last write fails')
    .with(cases)
    .run(async ({ assert }, { command, argv, creates }) => {
      const { exitCode, output } = await shop.run(command, [...argv, '--json'], {
        writer: failingWriter(2),
      })
      assert.equal(exitCode, 1)
      assert.isFalse(JSON.parse(output).ok)
      assert.isFalse(existsSync(path(creates)))
    })

  test('sync-entity --dry-run shows the diffs, and a failed write restores every file it updated', async ({
    assert,
  }) => {
    const definition = path('domain/product_definition.ts')
    const defined = await readFile(definition, 'utf8')
    await writeFile(
      definition,
      defined.replace(
        "notes: { type: 'text', optional: true },",
        "notes: { type: 'text', optional: true },\n    stock: { type: 'int', optional: false },"
      )
    )
    const derived = [
      'domain/product.ts',
      'application/commands/create_product/create_product_validator.ts',
      'application/dtos/product_dto.ts',
    ]
    const before = await Promise.all(derived.map((file) => readFile(path(file), 'utf8')))

    const dryRun = await shop.run(SyncEntity, ['Product', '--module', MODULE, '--dry-run'])
    assert.equal(dryRun.exitCode, 0, dryRun.output)
    assert.include(dryRun.output, `would update modules/${FOLDER}/application/dtos/product_dto.ts`)
    assert.include(dryRun.output, '+  stock: number')

    const failed = await shop.run(SyncEntity, ['Product', '--module', MODULE, '--json'], {
      writer: failingWriter(4),
    })
    assert.equal(failed.exitCode, 1)
    const after = await Promise.all(derived.map((file) => readFile(path(file), 'utf8')))
    assert.deepEqual(after, before)
  })
})
