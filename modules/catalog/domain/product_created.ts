import type { DomainEvent } from '@pantheon/kit/domain'
import type { ProductSnapshot } from './product.js'
import type { ProductId } from './product_id.js'

/**
 * Raised when a Product is created, with everything it was created with: a handler can
 * publish it as an integration event (`node ace add-event … --from ProductCreated`)
 * without reading it back.
 */
export class ProductCreated implements DomainEvent {
  readonly name = 'ProductCreated'
  readonly occurredAt = new Date()
  readonly product: ProductSnapshot
  readonly productId: ProductId

  constructor(snapshot: ProductSnapshot) {
    this.product = snapshot
    this.productId = snapshot.id
  }
}
