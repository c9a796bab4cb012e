import { inject } from '@adonisjs/core'
import type { QueryHandler } from '#building_blocks/application/handlers'
import { failure, success, type Result } from '#building_blocks/application/result'
import { ProductId } from '../../../domain/product_id.js'
import { ProductRepository } from '../../../domain/product_repository.js'
import { CatalogErrors } from '../../catalog_errors.js'
import { toProductDto, type ProductDto } from '../../dtos/product_dto.js'
import { GetProductByIdQuery } from './get_product_by_id_query.js'

@inject()
export default class GetProductByIdHandler implements QueryHandler<GetProductByIdQuery> {
  static readonly handles = GetProductByIdQuery

  constructor(private readonly products: ProductRepository) {}

  async handle(query: GetProductByIdQuery): Promise<Result<ProductDto>> {
    if (!ProductId.isValid(query.id)) return failure(CatalogErrors.productNotFound(query.id))
    const product = await this.products.findById(ProductId.parse(query.id))
    if (!product) return failure(CatalogErrors.productNotFound(query.id))
    return success(toProductDto(product))
  }
}
