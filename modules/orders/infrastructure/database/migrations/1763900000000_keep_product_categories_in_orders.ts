// Written by hand: brings a table made by the migration before it to the shape add-consumer --read-model gives it now.
import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Orders' copy of a product keeps its category, as catalog.product_created carries it, and no
 * longer an updated_at that nothing read. Copies made before keep a null category: Catalog
 * publishes an event about a product once, when it is created. Run it before hosts with the new
 * consumer start, and after the old ones stop: the old consumer writes updated_at, the new one
 * category.
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
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
  }
}
