import type { Product } from '../../domain/product.js'

/** A product with everything the catalog knows about it (API v2 and later). */
export interface ProductDetailsDto {
  id: string
  name: string
  price: number
  category: string | null
  /** ISO 8601, UTC. */
  createdAt: string
}

export function toProductDetailsDto(product: Product): ProductDetailsDto {
  return {
    id: product.id,
    name: product.name,
    price: product.price.amount,
    category: product.category,
    createdAt: product.createdAt.toISOString(),
  }
}
