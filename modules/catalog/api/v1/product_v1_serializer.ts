import type { ProductDto } from '../../application/dtos/product_dto.js'

/** The v1 representation of a product: exactly { id, name, price }. */
export function serializeProductV1(product: ProductDto) {
  return { id: product.id, name: product.name, price: product.price }
}
