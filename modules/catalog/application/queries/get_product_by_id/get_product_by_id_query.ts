import { Query } from '@pantheon/kit/application'
import type { ProductDto } from '../../dtos/product_dto.js'

export class GetProductByIdQuery extends Query<ProductDto> {
  constructor(readonly id: string) {
    super()
  }
}
