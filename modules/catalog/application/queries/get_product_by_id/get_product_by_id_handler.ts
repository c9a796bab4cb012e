// Edited after generation: reads through ProductReadModel, the columns the answer needs, instead of loading the aggregate.
import { inject } from '@adonisjs/core'
import type { QueryHandler, Result } from '@pantheon/kit/application'
import type { ProductSummaryDto } from '../../dtos/product_summary_dto.js'
import { ProductReadModel } from '../../product_read_model.js'
import { readProduct } from '../../read_product.js'
import { GetProductByIdQuery } from './get_product_by_id_query.js'

@inject()
export default class GetProductByIdHandler implements QueryHandler<GetProductByIdQuery> {
  static readonly handles = GetProductByIdQuery

  constructor(private readonly products: ProductReadModel) {}

  handle(query: GetProductByIdQuery): Promise<Result<ProductSummaryDto>> {
    return readProduct(query.id, (id) => this.products.summaryById(id))
  }
}
