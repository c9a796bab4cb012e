import type { DomainEvent } from '@pantheon/kit/domain'
import type { ProductSnapshot } from './product.js'
import type { ProductId } from './product_id.js'

/**
 * Raised when a Product is deleted, with what it was,
 * at the version the change gives it. A handler can publish it as an integration event
 * (`node ace add-event … --from ProductDeleted`); a consumer applies only
 * what is newer than the copy it keeps.
 */
export class ProductDeleted implements DomainEvent {
  readonly name = 'ProductDeleted'
  readonly occurredAt = new Date()
  readonly product: ProductSnapshot
  readonly productId: ProductId

  constructor(snapshot: ProductSnapshot) {
    this.product = snapshot
    this.productId = snapshot.id
  }
}
