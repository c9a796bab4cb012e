import type { LucidUnitOfWork } from '#building_blocks/infrastructure/persistence/lucid_unit_of_work'
import { fromSqlDateTime, toSqlDateTime } from '#building_blocks/infrastructure/persistence/sql_date_time'
import { Price } from '../../domain/price.js'
import { Product } from '../../domain/product.js'
import { ProductId } from '../../domain/product_id.js'
import { ProductRepository } from '../../domain/product_repository.js'

const TABLE = 'catalog_products'
const COLUMNS = ['id', 'name', 'price', 'category', 'created_at'] as const

interface ProductRow {
  id: string
  name: string
  /** numeric(14,2): a string on PostgreSQL, a number on SQLite; Price reads both exactly. */
  price: string | number
  category: string | null
  created_at: Date | string
}

/**
 * Products in the catalog_products table, written inside the Catalog unit of work. Plain query
 * builder rather than a Lucid model: the aggregate is rebuilt from the row anyway, and going
 * through a model first (proxies, column hooks, a luxon DateTime both ways) cost about an eighth
 * of the instructions of a product read or create (docs/performance.md).
 */
export class LucidProductRepository extends ProductRepository {
  constructor(private readonly unitOfWork: LucidUnitOfWork) {
    super()
  }

  async add(product: Product): Promise<void> {
    this.unitOfWork.track(product)
    const client = this.unitOfWork.client()
    await client
      .insertQuery()
      .table(TABLE)
      .insert({
        id: product.id,
        name: product.name,
        price: product.price.amount.toFixed(2),
        category: product.category,
        created_at: toSqlDateTime(client, product.createdAt),
      })
  }

  async findById(id: ProductId): Promise<Product | null> {
    const row: ProductRow | null = await this.unitOfWork
      .client()
      .from(TABLE)
      .select(...COLUMNS)
      .where('id', id)
      .first()
    if (!row) return null
    return Product.restore({
      id: ProductId.parse(row.id),
      name: row.name,
      price: Price.fromStored(row.price),
      category: row.category ?? null,
      createdAt: fromSqlDateTime(row.created_at),
    })
  }

  async remove(id: ProductId): Promise<boolean> {
    const deleted = await this.unitOfWork.client().from(TABLE).where('id', id).delete()
    return Number(Array.isArray(deleted) ? deleted[0] : deleted) > 0
  }
}
