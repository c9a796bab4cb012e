import { defineIntegrationEvent } from '@pantheon/kit/integration'

/**
 * Published when a product enters the catalog, through any API version. Other modules may
 * import this contract; version 1 of its payload never changes incompatibly.
 */
export interface ProductCreatedPayload {
  id: string
  name: string
  price: number
  /** Set for products created through API 2.0 and later. */
  category?: string
}

export const productCreatedEvent = defineIntegrationEvent<ProductCreatedPayload>(
  'catalog.product_created',
  1
)
