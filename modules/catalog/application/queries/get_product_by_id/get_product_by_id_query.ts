// Edited after generation: it answers the summary version 1.0 reads (ProductSummaryDto), not every field.
import { Query, uncheckedFields } from '@pantheon/kit/application'
import type { ProductSummaryDto } from '../../dtos/product_summary_dto.js'

export interface GetProductByIdFields {
  id: string
}

/** One product by its id. */
export class GetProductByIdQuery extends Query<ProductSummaryDto> {
  readonly id: string

  constructor(fields: GetProductByIdFields) {
    super()
    this.id = fields.id
  }

  /** From request input (query string and route params); the handler checks what it reads. */
  static fromInput(input: Record<string, unknown>): GetProductByIdQuery {
    return new GetProductByIdQuery(uncheckedFields<GetProductByIdFields>(input))
  }
}
