import { test } from '@japa/runner'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { tablesLeftBy } from '#kit/scaffolding/migration_tables'

test.group("Tables a module's migrations leave", (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let folder: string
  group.each.setup(async () => {
    folder = await mkdtemp(join(tmpdir(), 'pantheon-migration-tables-'))
    return () => rm(folder, { recursive: true, force: true })
  })

  test('created tables, by literal or this.tableName, less those a later one drops', async ({
    assert,
  }) => {
    const migration = (up: string, extra = '') =>
      `import { BaseSchema } from '@adonisjs/lucid/schema'\nexport default class extends BaseSchema {\n${extra}  async up() {\n${up}\n  }\n  async down() {\n    this.schema.dropTable('ignored')\n  }\n}\n`
    const files = [join(folder, '1_a.ts'), join(folder, '2_b.ts'), join(folder, '3_c.ts')]
    await writeFile(files[0], migration("    this.schema.createTable('shop_products', () => {})"))
    await writeFile(
      files[1],
      migration(
        '    this.schema.createTable(this.tableName, () => {})',
        "  protected tableName = 'shop_copies'\n"
      )
    )
    await writeFile(files[2], migration("    this.schema.dropTable('shop_products')"))

    const copies = {
      table: 'shop_copies',
      creation: "this.schema.createTable('shop_copies', () => {})",
    }
    assert.deepEqual(await tablesLeftBy(files), [copies])
    assert.deepEqual(await tablesLeftBy(files.slice(0, 2)), [
      { table: 'shop_products', creation: "this.schema.createTable('shop_products', () => {})" },
      copies,
    ])
  })

  test('a table another migration changed since has no creation to replay', async ({ assert }) => {
    const migration = (up: string) =>
      `import { BaseSchema } from '@adonisjs/lucid/schema'\nexport default class extends BaseSchema {\n  async up() {\n${up}\n  }\n}\n`
    const files = [join(folder, '1_a.ts'), join(folder, '2_b.ts')]
    await writeFile(
      files[0],
      migration(
        "    this.schema.createTable('shop_notes', (table) => {\n      table.uuid('id').primary()\n    })\n    this.schema.createTable('shop_tags', (table) => table.string('name'))"
      )
    )
    await writeFile(
      files[1],
      migration("    this.schema.alterTable('shop_notes', (table) => table.text('body'))")
    )
    assert.deepEqual(await tablesLeftBy(files), [
      { table: 'shop_notes' },
      {
        table: 'shop_tags',
        creation: "this.schema.createTable('shop_tags', (table) => table.string('name'))",
      },
    ])
  })

  test('a creation that reads its class or another schema is not replayed; a renamed table is named by its new name', async ({
    assert,
  }) => {
    const migration = (up: string) =>
      `import { BaseSchema } from '@adonisjs/lucid/schema'\nexport default class extends BaseSchema {\n  protected tableName = 'shop_a'\n  async up() {\n${up}\n  }\n}\n`
    const file = join(folder, '1_a.ts')
    await writeFile(
      file,
      migration(
        [
          "    this.schema.createTable(this.tableName, (table) => table.index(['id'], `${this.tableName}_id`))",
          "    this.schema.withSchema('audit').createTable('shop_b', (table) => table.uuid('id'))",
          "    this.schema.createTableIfNotExists('shop_c', (table) => table.uuid('id'))",
          "    this.schema.createTable('shop_d', (table) => table.uuid('id'))",
          "    this.schema.renameTable('shop_d', 'shop_e')",
        ].join('\n')
      )
    )
    assert.deepEqual(await tablesLeftBy([file]), [
      { table: 'shop_a' },
      { table: 'shop_b' },
      {
        table: 'shop_c',
        creation: "this.schema.createTable('shop_c', (table) => table.uuid('id'))",
      },
      { table: 'shop_e' },
    ])
  })
})
