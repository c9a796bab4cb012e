// Edited after generation: it takes the id from the route, as GetProductById does.
import { Query, uncheckedFields } from '@pantheon/kit/application'
import type { ProductDetailsDto } from '../../dtos/product_details_dto.js'

export interface GetProductByIdV2Fields {
  id: string
}

/** One product by its id, with everything the catalog knows about it. */
export class GetProductByIdV2Query extends Query<ProductDetailsDto> {
  readonly id: string

  constructor(fields: GetProductByIdV2Fields) {
    super()
    this.id = fields.id
  }

  /** From request input (query string and route params); the handler checks what it reads. */
  static fromInput(input: Record<string, unknown>): GetProductByIdV2Query {
    return new GetProductByIdV2Query(uncheckedFields<GetProductByIdV2Fields>(input))
  }
}
