import type { Product } from './product.js'
import type { ProductId } from './product_id.js'

/**
 * Where commands keep products. An abstract class rather than an interface so it can be the
 * container token handlers are injected with; the infrastructure layer binds the Lucid one.
 * Queries do not load the aggregate: they read through the application's ProductReadModel.
 */
export abstract class ProductRepository {
  abstract add(product: Product): Promise<void>
  /** The stored version of the product, or null when there is none with that id. */
  abstract versionOf(id: ProductId): Promise<number | null>
  /**
   * Removes the product; false when there was none with that id. With a version, only while it
   * is still the stored one (the kit's ConcurrentUpdate, 409, otherwise).
   */
  abstract remove(id: ProductId, version?: number): Promise<boolean>
}
