import type { ProductDetailsDto } from '../../application/dtos/product_details_dto.js'

/**
 * The v2 representation: v1's fields plus category (null for products created through v1),
 * createdAt, and links a client can follow without building URLs.
 */
export function serializeProductV2(product: ProductDetailsDto) {
  const self = `/api/v2/catalog/${product.id}`
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    category: product.category,
    createdAt: product.createdAt,
    links: { self, delete: self },
  }
}
