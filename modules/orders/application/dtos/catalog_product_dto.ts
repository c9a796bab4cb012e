import type { CatalogProduct } from '../../domain/catalog_product.js'

export interface CatalogProductDto {
  id: string
  name: string
  price: number
}

export function toCatalogProductDto(product: CatalogProduct): CatalogProductDto {
  return { id: product.id, name: product.name, price: product.price }
}
