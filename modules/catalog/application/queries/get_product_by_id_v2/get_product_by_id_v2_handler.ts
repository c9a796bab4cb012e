import { inject } from '@adonisjs/core'
import { QueryHandler, Result } from '@pantheon/kit/application'
import { ProductReadModel } from '../../product_read_model.js'
import { readProduct } from '../../read_product.js'
import type { ProductDetailsDto } from '../../dtos/product_details_dto.js'
import { GetProductByIdQueryV2 } from './get_product_by_id_query_v2.js'

@inject()
export default class GetProductByIdV2Handler implements QueryHandler<GetProductByIdQueryV2> {
  static readonly handles = GetProductByIdQueryV2

  constructor(private readonly products: ProductReadModel) {}

  handle(query: GetProductByIdQueryV2): Promise<Result<ProductDetailsDto>> {
    return readProduct(query.id, (id) => this.products.detailsById(id))
  }
}
