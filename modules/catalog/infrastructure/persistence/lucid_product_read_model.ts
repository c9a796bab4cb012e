// Written by hand: the read side of ProductReadModel on the query builder.
import { fromSqlDateTime, type LucidUnitOfWork } from '@pantheon/kit/persistence'
import type { ProductDetailsDto } from '../../application/dtos/product_details_dto.js'
import type { ProductSummaryDto } from '../../application/dtos/product_summary_dto.js'
import { ProductReadModel } from '../../application/product_read_model.js'
import { Price } from '../../domain/price.js'
import type { ProductId } from '../../domain/product_id.js'
import { PRODUCTS_TABLE } from './lucid_product_repository.js'

/** The columns of catalog_products the answers read, as the drivers return them. */
interface DetailsRow {
  id: string
  version: number
  name: string
  /** numeric(14,2): a string on PostgreSQL, a number on SQLite; Price reads both exactly. */
  price: string | number
  category: string | null
  created_at: Date | string
}

type SummaryRow = Pick<DetailsRow, 'id' | 'name' | 'price' | 'version'>

/**
 * Each answer reads only its columns, straight into its DTO. The summary leaves out the
 * creation time: on PostgreSQL the driver turns every timestamp it reads into a Date, a cost
 * version 1.0 answers do not need.
 */
export class LucidProductReadModel extends ProductReadModel {
  constructor(private readonly unitOfWork: LucidUnitOfWork) {
    super()
  }

  async summaryById(id: ProductId): Promise<ProductSummaryDto | null> {
    const row: SummaryRow | null = await this.products()
      .select('id', 'name', 'price', 'version')
      .where('id', id)
      .first()
    return (
      row && {
        id: row.id,
        version: Number(row.version),
        name: row.name,
        price: Price.fromStored(row.price).amount,
      }
    )
  }

  async detailsById(id: ProductId): Promise<ProductDetailsDto | null> {
    const row: DetailsRow | null = await this.products()
      .select('id', 'name', 'price', 'category', 'created_at', 'version')
      .where('id', id)
      .first()
    return (
      row && {
        id: row.id,
        version: Number(row.version),
        name: row.name,
        price: Price.fromStored(row.price).amount,
        category: row.category ?? null,
        createdAt: fromSqlDateTime(row.created_at).toISOString(),
      }
    )
  }

  private products() {
    return this.unitOfWork.client().from(PRODUCTS_TABLE)
  }
}
