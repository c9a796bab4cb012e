// Edited after generation: the table as it was first deployed, before categories and versions; the two migrations after it bring it to what the script writes.
import { BaseSchema } from '@adonisjs/lucid/schema'

/** Catalog tables carry the catalog_ prefix: each module owns its own tables. */
export default class extends BaseSchema {
  protected tableName = 'catalog_products'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table.string('name', 200).notNullable()
      table.decimal('price', 14, 2).notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
