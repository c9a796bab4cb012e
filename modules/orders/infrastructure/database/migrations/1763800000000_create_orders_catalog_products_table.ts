// Edited after generation: the table as it was first deployed, with updated_at and no category; 1763900000000_keep_product_categories_in_orders.ts brings a deployed table to what the script writes.
import { BaseSchema } from '@adonisjs/lucid/schema'

/** Orders' read model of Catalog's products, fed by catalog.product_created events. */
export default class extends BaseSchema {
  protected tableName = 'orders_catalog_products'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table.string('name', 200).notNullable()
      table.decimal('price', 14, 2).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
