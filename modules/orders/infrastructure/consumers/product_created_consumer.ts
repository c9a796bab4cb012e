import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { IntegrationEvent, IntegrationEventConsumer } from '@pantheon/kit/messaging'
import {
  productCreatedEvent,
  type ProductCreatedPayload,
} from '#modules/catalog/integration/product_created'
import { CATALOG_PRODUCTS_TABLE } from '../persistence/lucid_catalog_product_repository.js'

/** Keeps Orders' read model of products in step with Catalog (its integration contract only). */
export default class ProductCreatedConsumer implements IntegrationEventConsumer<
  typeof productCreatedEvent
> {
  static readonly consumes = productCreatedEvent

  async handle(
    event: IntegrationEvent<ProductCreatedPayload>,
    client: QueryClientContract
  ): Promise<void> {
    const { id, name, price } = event.payload
    await client
      .insertQuery()
      .table(CATALOG_PRODUCTS_TABLE)
      .insert({ id, name, price: price.toFixed(2), updated_at: new Date().toISOString() })
      .knexQuery.onConflict('id')
      .merge()
  }
}
