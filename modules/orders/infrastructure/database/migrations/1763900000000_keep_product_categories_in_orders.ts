// Written by hand: brings a table made by the migration before it to the shape add-consumer --read-model gives it now.
import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Orders' copy of a product keeps its category, as catalog.product_created carries it, and no
 * longer an updated_at that nothing read. Copies made before have no category (null) until
 * an event about them arrives again.
 */
export default class extends BaseSchema {
  protected tableName = 'orders_catalog_products'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.string('category', 100).nullable()
      table.dropColumn('updated_at')
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('category')
      table.timestamp('updated_at', { useTz: true }).nullable()
    })
  }
}
