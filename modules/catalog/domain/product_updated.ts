import type { DomainEvent } from '@pantheon/kit/domain'
import type { ProductSnapshot } from './product.js'
import type { ProductId } from './product_id.js'

/**
 * Raised when a Product is updated, with what it became,
 * at the version the change gives it. A handler can publish it as an integration event
 * (`node ace add-event … --from ProductUpdated`); a consumer applies only
 * what is newer than the copy it keeps.
 */
export class ProductUpdated implements DomainEvent {
  readonly name = 'ProductUpdated'
  readonly occurredAt = new Date()
  readonly product: ProductSnapshot
  readonly productId: ProductId

  constructor(snapshot: ProductSnapshot) {
    this.product = snapshot
    this.productId = snapshot.id
  }
}
