import { failure, success, type Result } from '#building_blocks/application/result'
import { ProductId } from '../domain/product_id.js'
import type { Product } from '../domain/product.js'
import type { ProductRepository } from '../domain/product_repository.js'
import { CatalogErrors } from './catalog_errors.js'

/** The product with this id, or Product.NotFound (also for a text that is not a product id). */
export async function findProduct(products: ProductRepository, id: string): Promise<Result<Product>> {
  if (!ProductId.isValid(id)) return failure(CatalogErrors.productNotFound(id))
  const product = await products.findById(ProductId.parse(id))
  return product ? success(product) : failure(CatalogErrors.productNotFound(id))
}
