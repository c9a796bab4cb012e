/** Where the Catalog keeps its products, as both sides of the module read and write it. */
export const PRODUCTS_TABLE = 'catalog_products'

/** A catalog_products row as the database drivers return it. */
export interface ProductRow {
  id: string
  /** 1 when created; what a GET answers as ETag and If-Match must name. */
  version: number
  name: string
  /** numeric(14,2): a string on PostgreSQL, a number on SQLite; Price reads both exactly. */
  price: string | number
  category: string | null
  created_at: Date | string
}
