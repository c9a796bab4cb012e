import { Query } from '@pantheon/kit/application'
import type { CatalogProductDto } from '../../dtos/catalog_product_dto.js'

/** A product as Orders knows it (its read model fed by Catalog's events). */
export class GetProductQuery extends Query<CatalogProductDto> {
  constructor(readonly id: string) {
    super()
  }
}
