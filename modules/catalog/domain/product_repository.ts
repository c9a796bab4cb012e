import type { Product } from './product.js'
import type { ProductId } from './product_id.js'

/**
 * Where products are kept. An abstract class rather than an interface so it can be the
 * container token handlers are injected with; the infrastructure layer binds the Lucid one.
 */
export abstract class ProductRepository {
  abstract add(product: Product): Promise<void>
  abstract findById(id: ProductId): Promise<Product | null>
  /** Removes the product; false when there was none with that id. */
  abstract remove(id: ProductId): Promise<boolean>
}
