import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { acceptedEvent } from '@pantheon/kit/messaging'
import { deliverEvent, eventually } from '@pantheon/kit/testing'
import { productCreatedEvent } from '#modules/catalog/integration/product_created'
import ProductCreatedConsumer from '../../infrastructure/consumers/product_created_consumer.js'

/** A ProductCreated event as the host hands it to the consumer: once its contract took it. */
function delivered(payload: Record<string, unknown>) {
  return acceptedEvent(productCreatedEvent, {
    eventId: randomUUID(),
    type: productCreatedEvent.type,
    version: productCreatedEvent.version,
    occurredAt: new Date().toISOString(),
    correlationId: 'test',
    payload,
  })
}

/*
 * Orders' own read model, with no other module loaded. The path from Catalog's API to this read
 * model is tested with the app's tests (tests/integration/messaging/catalog_feeds_orders.spec.ts).
 */
test.group('Orders read model of Catalog products', () => {
  test('a ProductCreated event is readable at GET /api/orders/products/:id', async ({ client }) => {
    const payload = { id: randomUUID(), name: 'Teapot', price: 24.5 }
    await new ProductCreatedConsumer().handle(await delivered(payload), db.connection())

    const response = await client.get(`/api/orders/products/${payload.id}`)
    response.assertStatus(200)
    response.assertBody(payload)
  })

  test('an event delivered again leaves one copy, with its latest values', async ({ client }) => {
    const payload = { id: randomUUID(), name: 'Kettle', price: 39 }
    await new ProductCreatedConsumer().handle(await delivered(payload), db.connection())
    await new ProductCreatedConsumer().handle(
      await delivered({ ...payload, price: 41 }),
      db.connection()
    )

    const response = await client.get(`/api/orders/products/${payload.id}`)
    response.assertBody({ ...payload, price: 41 })
  })

  test('a ProductCreated delivered over the transport, as another host would, reaches the read model', async ({
    client,
  }) => {
    const payload = { id: randomUUID(), name: 'Mug', price: 8 }
    await deliverEvent(productCreatedEvent, payload)

    const response = await eventually(
      async () => {
        const answer = await client.get(`/api/orders/products/${payload.id}`)
        return answer.status() === 200 && answer
      },
      { what: 'the product readable in Orders' }
    )
    response.assertBody(payload)
  })

  test('a product Orders never heard of answers 404 Orders.ProductNotFound', async ({ client }) => {
    const response = await client.get('/api/orders/products/01900000-0000-7000-8000-000000000000')
    response.assertStatus(404)
    response.assertBodyContains({ code: 'Orders.ProductNotFound' })
  })
})
