import { fromSqlDateTime, type LucidUnitOfWork } from '@pantheon/kit/persistence'
import type { ProductDetailsDto } from '../../application/dtos/product_details_dto.js'
import type { ProductDto } from '../../application/dtos/product_dto.js'
import { ProductReadModel } from '../../application/product_read_model.js'
import { Price } from '../../domain/price.js'
import type { ProductId } from '../../domain/product_id.js'
import { PRODUCTS_TABLE, type ProductRow } from './products_table.js'

type SummaryRow = Pick<ProductRow, 'id' | 'name' | 'price' | 'version'>

/**
 * The catalog's read side on the query builder. The summary leaves out the creation time: on
 * PostgreSQL the driver turns every timestamp it reads into a Date, a cost v1 answers do not need.
 */
export class LucidProductReadModel extends ProductReadModel {
  constructor(private readonly unitOfWork: LucidUnitOfWork) {
    super()
  }

  async summaryById(id: ProductId): Promise<ProductDto | null> {
    const row: SummaryRow | null = await this.products()
      .select('id', 'name', 'price', 'version')
      .where('id', id)
      .first()
    return (
      row && {
        id: row.id,
        name: row.name,
        price: Price.fromStored(row.price).amount,
        version: Number(row.version),
      }
    )
  }

  async detailsById(id: ProductId): Promise<ProductDetailsDto | null> {
    const row: ProductRow | null = await this.products()
      .select('id', 'name', 'price', 'category', 'created_at', 'version')
      .where('id', id)
      .first()
    return (
      row && {
        id: row.id,
        name: row.name,
        price: Price.fromStored(row.price).amount,
        category: row.category ?? null,
        createdAt: fromSqlDateTime(row.created_at).toISOString(),
        version: Number(row.version),
      }
    )
  }

  private products() {
    return this.unitOfWork.client().from(PRODUCTS_TABLE)
  }
}
