import type { Product } from '../../domain/product.js'

/** A Product as the application hands it out: plain JSON-ready data. */
export interface ProductDto {
  id: string
  /** The version it shows: its GET answers it as ETag, for If-Match on a change. */
  version: number
  name: string
  price: number
  category: string | null
  createdAt: string
}

export function toProductDto(entity: Product): ProductDto {
  return {
    id: entity.id,
    version: entity.version,
    name: entity.name,
    price: entity.price,
    category: entity.category,
    createdAt: entity.createdAt.toISOString(),
  }
}
