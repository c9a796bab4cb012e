// Edited after generation: served at /products/:id, the route Orders has always answered on; a later event replaces the copy, and an unknown id names its error code.
import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import type { PayloadOf } from '@pantheon/kit/integration'
import { acceptedEvent } from '@pantheon/kit/messaging'
import { deliverEvent, eventually, moduleDatabase } from '@pantheon/kit/testing'
import { productCreatedEvent } from '#modules/catalog/integration/product_created'
import ProductCreatedConsumer from '../../infrastructure/consumers/product_created_consumer.js'

const payload = {
  id: randomUUID(),
  name: 'Sample text',
  price: 9.99,
  category: 'Sample text',
} satisfies PayloadOf<typeof productCreatedEvent>

/**
 * A catalog.product_created event as the host hands it to the consumer: only once its
 * contract took it.
 */
function delivered(body: Record<string, unknown>) {
  return acceptedEvent(productCreatedEvent, {
    eventId: randomUUID(),
    type: productCreatedEvent.type,
    version: productCreatedEvent.version,
    occurredAt: new Date().toISOString(),
    correlationId: 'test',
    payload: body,
  })
}

test.group('CatalogProduct read model: ProductCreated', () => {
  test('a catalog.product_created event is readable at GET /api/orders/products/:id', async ({
    client,
  }) => {
    await new ProductCreatedConsumer().handle(await delivered(payload), moduleDatabase('orders'))

    const response = await client.get(`/api/orders/products/${payload.id}`)
    response.assertStatus(200)
    response.assertBody(payload)
  })

  test('an event delivered again leaves one copy', async ({ client, assert }) => {
    await new ProductCreatedConsumer().handle(await delivered(payload), moduleDatabase('orders'))
    await new ProductCreatedConsumer().handle(await delivered(payload), moduleDatabase('orders'))

    assert.lengthOf(
      await moduleDatabase('orders').from('orders_catalog_products').where('id', payload.id),
      1
    )
    const response = await client.get(`/api/orders/products/${payload.id}`)
    response.assertBody(payload)
  })

  test('a later event about the same product leaves its latest values', async ({ client }) => {
    const first = { ...payload, id: randomUUID() }
    await new ProductCreatedConsumer().handle(await delivered(first), moduleDatabase('orders'))
    const later = { ...first, price: 41, category: 'Kitchen' }
    await new ProductCreatedConsumer().handle(await delivered(later), moduleDatabase('orders'))

    const response = await client.get(`/api/orders/products/${first.id}`)
    response.assertBody(later)
  })

  test('an event whose payload its contract refuses never reaches the consumer', async ({
    assert,
  }) => {
    await assert.rejects(() => delivered({ ...payload, id: 'not-a-uuid' }), /invalid-payload/)
  })

  test('a catalog.product_created event delivered over the transport, as another host would, is readable', async ({
    client,
  }) => {
    const sent = { ...payload, id: randomUUID() }
    await deliverEvent(productCreatedEvent, sent)

    const response = await eventually(
      async () => {
        const answer = await client.get(`/api/orders/products/${sent.id}`)
        return answer.status() === 200 && answer
      },
      { what: 'the copy readable' }
    )
    response.assertBody(sent)
  })

  test('an id it has no copy of answers 404', async ({ client }) => {
    const response = await client.get(`/api/orders/products/${randomUUID()}`)
    response.assertStatus(404)
    response.assertHeader('content-type', 'application/problem+json; charset=utf-8')
    response.assertBodyContains({ code: 'Orders.CatalogProductNotFound' })
  })
})
