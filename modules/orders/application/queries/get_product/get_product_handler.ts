import { inject } from '@adonisjs/core'
import {
  AppError,
  failure,
  type QueryHandler,
  type Result,
  success,
} from '@pantheon/kit/application'
import { CatalogProductRepository } from '../../../domain/catalog_product.js'
import { toCatalogProductDto, type CatalogProductDto } from '../../dtos/catalog_product_dto.js'
import { GetProductQuery } from './get_product_query.js'

@inject()
export default class GetProductHandler implements QueryHandler<GetProductQuery> {
  static readonly handles = GetProductQuery

  constructor(private readonly products: CatalogProductRepository) {}

  async handle(query: GetProductQuery): Promise<Result<CatalogProductDto>> {
    const product = await this.products.findById(query.id)
    if (!product) {
      return failure(
        AppError.notFound('Orders.ProductNotFound', `Orders knows no product ${query.id}`)
      )
    }
    return success(toCatalogProductDto(product))
  }
}
