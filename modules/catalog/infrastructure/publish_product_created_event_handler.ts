// Written by hand: add-event --from would publish a payload with the version, which version 1 of this contract was first published without.
import { inject } from '@adonisjs/core'
import { type DomainEventHandler, Outbox } from '@pantheon/kit/messaging'
import { ProductCreated } from '../domain/product_created.js'
import { productCreatedEvent } from '../integration/product_created.js'

/**
 * Publishes catalog.product_created for every product created, through any API version. The
 * event is written to the outbox in the transaction that stores the product: it is published if
 * and only if that commits.
 */
@inject()
export default class PublishProductCreatedEventHandler implements DomainEventHandler<ProductCreated> {
  static readonly handles = ProductCreated

  constructor(private readonly outbox: Outbox) {}

  async handle(event: ProductCreated): Promise<void> {
    const { id, name, price, category } = event.product
    await this.outbox.publish(
      productCreatedEvent,
      category === null ? { id, name, price } : { id, name, price, category }
    )
  }
}
