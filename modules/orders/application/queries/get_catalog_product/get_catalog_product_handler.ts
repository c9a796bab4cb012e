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
import { GetCatalogProductQuery } from './get_catalog_product_query.js'

@inject()
export default class GetCatalogProductHandler implements QueryHandler<GetCatalogProductQuery> {
  static readonly handles = GetCatalogProductQuery

  constructor(private readonly repository: CatalogProductRepository) {}

  async handle(query: GetCatalogProductQuery): Promise<Result<CatalogProductDto>> {
    const model = await this.repository.findById(query.id)
    if (!model) {
      return failure(
        AppError.notFound(
          'Orders.CatalogProductNotFound',
          `The Orders module knows no product ${query.id}`
        )
      )
    }
    return success(toCatalogProductDto(model))
  }
}
