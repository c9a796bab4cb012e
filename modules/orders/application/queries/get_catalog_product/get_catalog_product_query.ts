import { Query } from '@pantheon/kit/application'
import type { CatalogProductDto } from '../../dtos/catalog_product_dto.js'

/** Catalog's product as the Orders module knows it (its read model). */
export class GetCatalogProductQuery extends Query<CatalogProductDto> {
  constructor(readonly id: string) {
    super()
  }
}
