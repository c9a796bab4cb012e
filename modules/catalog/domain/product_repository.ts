import type { Product } from './product.js'
import type { ProductId } from './product_id.js'

/**
 * Where commands keep products. An abstract class rather than an interface so it can be the
 * container token handlers are injected with; the infrastructure layer binds the Lucid one.
 * Queries do not load the aggregate: they read through the application's ProductReadModel.
 */
export abstract class ProductRepository {
  abstract add(product: Product): Promise<void>
  /** Removes the product; false when there was none with that id. */
  abstract remove(id: ProductId): Promise<boolean>
}
