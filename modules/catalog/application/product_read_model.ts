// Written by hand: the read side of the catalog, which its GET handlers answer from.
import type { ProductId } from '../domain/product_id.js'
import type { ProductDetailsDto } from './dtos/product_details_dto.js'
import type { ProductSummaryDto } from './dtos/product_summary_dto.js'

/**
 * The read side of the catalog. Queries answer from here: each method reads the columns its
 * answer needs, straight into the DTO, instead of rebuilding the Product aggregate that commands
 * change through ProductRepository. A product GET is the busiest path of the API, and loading
 * the whole aggregate for it cost a measurable share of each request (docs/performance.md).
 */
export abstract class ProductReadModel {
  abstract summaryById(id: ProductId): Promise<ProductSummaryDto | null>
  abstract detailsById(id: ProductId): Promise<ProductDetailsDto | null>
}
