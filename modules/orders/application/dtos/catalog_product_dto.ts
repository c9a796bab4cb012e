import type { CatalogProduct } from '../../domain/catalog_product.js'

/** Catalog's product as the Orders module hands it out: plain JSON-ready data. */
export interface CatalogProductDto {
  id: string
  name: string
  price: number
  category: string | null
}

export function toCatalogProductDto(model: CatalogProduct): CatalogProductDto {
  return {
    id: model.id,
    name: model.name,
    price: model.price,
    category: model.category,
  }
}
