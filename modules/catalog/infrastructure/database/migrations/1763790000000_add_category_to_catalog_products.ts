// Written by hand: API version 2.0 added the category to a deployed table.
import { BaseSchema } from '@adonisjs/lucid/schema'

/** API v2 adds a product category; products created before it have none (null). */
export default class extends BaseSchema {
  protected tableName = 'catalog_products'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.string('category', 100).nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('category')
    })
  }
}
