import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { DateTime } from 'luxon'

/** The catalog_products row. Stays inside the infrastructure layer: handlers never see it. */
export class ProductModel extends BaseModel {
  static table = 'catalog_products'
  static selfAssignPrimaryKey = true

  @column({ isPrimary: true })
  declare id: string

  @column()
  declare name: string

  /** numeric(14,2): a string on PostgreSQL, a number on SQLite; Price reads both exactly. */
  @column()
  declare price: string | number

  @column()
  declare category: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
