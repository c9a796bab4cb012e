import { inject } from '@adonisjs/core'
import { type DomainEventHandler, Outbox } from '@pantheon/kit/messaging'
import { ProductCreated } from '../domain/product_created.js'
import { productCreatedEvent } from '../integration/product_created.js'

/** Turns the domain event into the integration event, written to the outbox before the commit. */
@inject()
export default class PublishProductCreatedEventHandler implements DomainEventHandler<ProductCreated> {
  static readonly handles = ProductCreated

  constructor(private readonly outbox: Outbox) {}

  async handle(event: ProductCreated): Promise<void> {
    await this.outbox.publish(productCreatedEvent, {
      id: event.productId,
      name: event.productName,
      price: event.price,
      ...(event.category === null ? {} : { category: event.category }),
    })
  }
}
