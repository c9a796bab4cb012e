import { inject } from '@adonisjs/core'
import type { QueryHandler } from '#building_blocks/application/handlers'
import { success, type Result } from '#building_blocks/application/result'
import { ProductRepository } from '../../../domain/product_repository.js'
import { findProduct } from '../../find_product.js'
import { toProductDto, type ProductDto } from '../../dtos/product_dto.js'
import { GetProductByIdQuery } from './get_product_by_id_query.js'

@inject()
export default class GetProductByIdHandler implements QueryHandler<GetProductByIdQuery> {
  static readonly handles = GetProductByIdQuery

  constructor(private readonly products: ProductRepository) {}

  async handle(query: GetProductByIdQuery): Promise<Result<ProductDto>> {
    const found = await findProduct(this.products, query.id)
    return found.ok ? success(toProductDto(found.value)) : found
  }
}
