// Written by hand: what both versions' GET handlers share.
import { entityNotFound, failure, success, type Result } from '@pantheon/kit/application'
import { ProductId } from '../domain/product_id.js'

/**
 * One product as a query answers it, or Product.NotFound; a text that is not a product id is
 * not found either, without asking the database.
 */
export async function readProduct<T>(
  id: string,
  read: (id: ProductId) => Promise<T | null>
): Promise<Result<T>> {
  const product = ProductId.isValid(id) ? await read(ProductId.parse(id)) : null
  return product ? success(product) : failure(entityNotFound('Product', id))
}
