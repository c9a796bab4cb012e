import { inject } from '@adonisjs/core'
import type { QueryHandler } from '#building_blocks/application/handlers'
import { success, type Result } from '#building_blocks/application/result'
import { ProductRepository } from '../../../domain/product_repository.js'
import { findProduct } from '../../find_product.js'
import { toProductDetailsDto, type ProductDetailsDto } from '../../dtos/product_details_dto.js'
import { GetProductByIdQueryV2 } from './get_product_by_id_query_v2.js'

@inject()
export default class GetProductByIdV2Handler implements QueryHandler<GetProductByIdQueryV2> {
  static readonly handles = GetProductByIdQueryV2

  constructor(private readonly products: ProductRepository) {}

  async handle(query: GetProductByIdQueryV2): Promise<Result<ProductDetailsDto>> {
    const found = await findProduct(this.products, query.id)
    return found.ok ? success(toProductDetailsDto(found.value)) : found
  }
}
