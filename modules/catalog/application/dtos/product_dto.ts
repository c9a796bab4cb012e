import type { Product } from '../../domain/product.js'

/** A product as the application hands it out: plain data, never the aggregate or a model. */
export interface ProductDto {
  id: string
  name: string
  price: number
}

export function toProductDto(product: Product): ProductDto {
  return { id: product.id, name: product.name, price: product.price.amount }
}
