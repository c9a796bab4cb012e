import { test } from '@japa/runner'
import { dropMigration } from '#kit/scaffolding/drop_migration'

test.group('Drop migration', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  const snapshot = {
    tables: {
      catalog_products: {
        entity: 'Product',
        columns: { name: { type: 'string' as const, optional: false } },
      },
      catalog_tags: {
        entity: 'Tag',
        columns: { label: { type: 'text' as const, optional: true } },
      },
    },
  }
  const target = {
    migrationsFolder: '/m',
    name: 'drop_catalog_products_table',
    origin: 'test',
    now: 42,
  }

  test('drops the tables in up() and creates them again, empty, in down()', ({ assert }) => {
    const migration = dropMigration(snapshot, ['catalog_products'], target)!

    assert.equal(migration.destination, '/m/42_drop_catalog_products_table.ts')
    assert.equal(migration.tables, 'catalog_products')
    assert.equal(migration.up.trim(), "this.schema.dropTable('catalog_products')")
    assert.include(migration.down, "this.schema.createTable('catalog_products', (table) => {")
    assert.include(migration.down, "table.uuid('id').primary()")
    assert.include(migration.down, "table.string('name'")
    assert.deepEqual(Object.keys(migration.remaining.tables), ['catalog_tags'])
  })

  test('names every table, and none when no migration created them', ({ assert }) => {
    assert.equal(
      dropMigration(snapshot, ['catalog_tags', 'catalog_products'], target)!.tables,
      'catalog_products and catalog_tags'
    )
    assert.isUndefined(dropMigration(snapshot, ['catalog_prices'], target))
  })
})
