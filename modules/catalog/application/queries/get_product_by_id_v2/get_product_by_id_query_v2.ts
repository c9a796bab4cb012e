import { Query } from '@pantheon/kit/application'
import type { ProductDetailsDto } from '../../dtos/product_details_dto.js'

export class GetProductByIdQueryV2 extends Query<ProductDetailsDto> {
  constructor(readonly id: string) {
    super()
  }
}
