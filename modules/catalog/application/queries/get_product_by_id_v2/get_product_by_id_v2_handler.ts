// Edited after generation: its body, as version 1.0's with everything the catalog knows.
import { inject } from '@adonisjs/core'
import type { QueryHandler, Result } from '@pantheon/kit/application'
import type { ProductDetailsDto } from '../../dtos/product_details_dto.js'
import { ProductReadModel } from '../../product_read_model.js'
import { readProduct } from '../../read_product.js'
import { GetProductByIdV2Query } from './get_product_by_id_v2_query.js'

@inject()
export default class GetProductByIdV2Handler implements QueryHandler<GetProductByIdV2Query> {
  static readonly handles = GetProductByIdV2Query

  constructor(private readonly products: ProductReadModel) {}

  handle(query: GetProductByIdV2Query): Promise<Result<ProductDetailsDto>> {
    return readProduct(query.id, (id) => this.products.detailsById(id))
  }
}
