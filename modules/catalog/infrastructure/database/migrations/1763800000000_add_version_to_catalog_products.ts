// Written by hand: products got a version, for ETag and If-Match, on a deployed table.
import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Products get a version, for ETag and If-Match: a delete made from a version that is no longer
 * the stored one is refused (412). Existing products start at version 1.
 */
export default class extends BaseSchema {
  protected tableName = 'catalog_products'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.integer('version').notNullable().defaultTo(1)
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('version')
    })
  }
}
