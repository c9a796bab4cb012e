import type { ListCriteria } from '@pantheon/kit/domain'
import type { Product } from './product.js'
import type { ProductId } from './product_id.js'

/** The fields a list of Products sorts and filters by: all but long text and JSON. */
export const PRODUCT_LIST_FIELDS = ['name', 'price', 'category', 'createdAt'] as const

export type ProductListField = (typeof PRODUCT_LIST_FIELDS)[number]

/** What a list of Products asks for: one page, its filters and its order. */
export type ProductListCriteria = ListCriteria<ProductListField>

export interface ProductPage {
  items: Product[]
  total: number
}

/**
 * Where Products are kept. An abstract class rather than an interface so it can be the
 * container token handlers are injected with; the infrastructure layer binds the Lucid one.
 */
export abstract class ProductRepository {
  abstract add(product: Product): Promise<void>
  /**
   * Writes the changes of an existing Product, made from the version it was read at, and
   * moves it to the next version; false when it no longer exists. When another change was saved
   * since, it throws the kit's ConcurrentUpdate (409) and writes nothing.
   */
  abstract save(product: Product): Promise<boolean>
  abstract findById(id: ProductId): Promise<Product | null>
  /**
   * Removes the Product while it is still at the version it was read at; false when it
   * no longer exists, ConcurrentUpdate (409) when another change was saved since.
   */
  abstract remove(product: Product): Promise<boolean>
  /**
   * One page of those that pass the filters, in the order asked, then oldest first (ids are
   * time-ordered); `page` starts at 1.
   */
  abstract list(criteria: ProductListCriteria): Promise<ProductPage>
}
