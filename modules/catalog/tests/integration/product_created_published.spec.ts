// Written by hand: the integration event each create publishes, through the outbox.
import { test } from '@japa/runner'
import { publishedEvents } from '@pantheon/kit/testing'
import { productCreatedEvent } from '../../integration/product_created.js'

/*
 * What Catalog tells other modules, read from its own outbox: no other module needs to be
 * loaded (`node ace test --module catalog`).
 */
test.group('Catalog publishes ProductCreated', () => {
  test('a product created through the API is published with what it was created with', async ({
    client,
    assert,
  }) => {
    const created = await client.post('/api/v2/catalog').json({
      name: 'Tea tin',
      price: 6.5,
      category: 'Storage',
    })
    created.assertStatus(201)
    const published = await publishedEvents(productCreatedEvent)
    assert.deepInclude(published, {
      id: created.body(),
      name: 'Tea tin',
      price: 6.5,
      category: 'Storage',
    })
  })

  test('a create that is refused publishes nothing', async ({ client, assert }) => {
    const before = await publishedEvents(productCreatedEvent)
    const refused = await client.post('/api/v2/catalog').json({ name: '', price: 6.5 })
    refused.assertStatus(400)
    assert.lengthOf(await publishedEvents(productCreatedEvent), before.length)
  })
})
