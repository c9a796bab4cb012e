import type { DomainEvent } from '@pantheon/kit/domain'
import type { ProductId } from './product_id.js'

/** Raised when a product enters the catalog. */
export class ProductCreated implements DomainEvent {
  readonly name = 'ProductCreated'
  readonly occurredAt = new Date()

  constructor(
    readonly productId: ProductId,
    readonly productName: string,
    readonly price: number,
    readonly category: string | null
  ) {}
}
