import { type LucidUnitOfWork, removeVersioned, toSqlDateTime } from '@pantheon/kit/persistence'
import type { Product } from '../../domain/product.js'
import type { ProductId } from '../../domain/product_id.js'
import { ProductRepository } from '../../domain/product_repository.js'
import { PRODUCTS_TABLE, type ProductRow } from './products_table.js'

/**
 * Products in the catalog_products table, written inside the Catalog unit of work. Plain query
 * builder rather than a Lucid model: going through a model (proxies, column hooks, a luxon
 * DateTime) cost about an eighth of the instructions of a product create (docs/performance.md).
 * Queries read products through LucidProductReadModel instead.
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
      .table(PRODUCTS_TABLE)
      .insert({
        id: product.id,
        name: product.name,
        price: product.price.amount.toFixed(2),
        category: product.category,
        created_at: toSqlDateTime(client, product.createdAt),
      })
  }

  async versionOf(id: ProductId): Promise<number | null> {
    const row: Pick<ProductRow, 'version'> | null = await this.unitOfWork
      .client()
      .from(PRODUCTS_TABLE)
      .select('version')
      .where('id', id)
      .first()
    return row && Number(row.version)
  }

  async remove(id: ProductId, version?: number): Promise<boolean> {
    const row = { table: PRODUCTS_TABLE, entity: 'Product', id, version }
    return removeVersioned(this.unitOfWork.client(), row)
  }
}
