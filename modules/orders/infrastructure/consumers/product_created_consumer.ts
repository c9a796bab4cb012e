import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { IntegrationEvent, IntegrationEventConsumer } from '@pantheon/kit/messaging'
import {
  productCreatedEvent,
  type ProductCreatedPayload,
} from '#modules/catalog/integration/product_created'
import { upsertCatalogProduct } from '../persistence/lucid_catalog_product_repository.js'

/**
 * Keeps CatalogProduct, the Orders module's copy of Catalog's product,
 * in step with catalog.product_created events. It writes through `client`, the transaction
 * that also records the event in the inbox, so each event is applied once. Only events its
 * contract takes get here; the others are dead letters with the reason.
 */
export default class ProductCreatedConsumer implements IntegrationEventConsumer<
  typeof productCreatedEvent
> {
  static readonly consumes = productCreatedEvent

  async handle(
    event: IntegrationEvent<ProductCreatedPayload>,
    client: QueryClientContract
  ): Promise<void> {
    const payload = event.payload
    await upsertCatalogProduct(client, {
      id: payload.id,
      name: payload.name,
      price: payload.price,
      category: payload.category ?? null,
    })
  }
}
