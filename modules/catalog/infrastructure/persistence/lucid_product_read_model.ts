// Written by hand: the read side of ProductReadModel, on statements prepared once.
import { fromSqlDateTime, PreparedRead, type LucidUnitOfWork } from '@pantheon/kit/persistence'
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

/** Each answer's statement, built once (they are the hot path of every product GET). */
const summaryById = new PreparedRead<SummaryRow>((query, parameter) =>
  query
    .from(PRODUCTS_TABLE)
    .select('id', 'name', 'price', 'version')
    .where('id', parameter(0))
    .limit(1)
)
const detailsById = new PreparedRead<DetailsRow>((query, parameter) =>
  query
    .from(PRODUCTS_TABLE)
    .select('id', 'name', 'price', 'category', 'created_at', 'version')
    .where('id', parameter(0))
    .limit(1)
)

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
    const row = await summaryById.first(this.unitOfWork, [id])
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
    const row = await detailsById.first(this.unitOfWork, [id])
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
}
