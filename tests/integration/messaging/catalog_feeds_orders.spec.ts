import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'

/** Waits for the relay and the consumer: delivery is asynchronous, but not slow. */
async function eventually(client: ApiClient, path: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const response = await client.get(path)
    if (response.status() !== 404 || Date.now() > deadline) return response
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/*
 * Two modules in one host: a product created through Catalog's API reaches Orders' read model
 * through the ProductCreated integration event, over the outbox and the transport. It needs both
 * modules, so it lives with the app's tests; Orders' own tests run without Catalog
 * (`node ace test --module orders`).
 */
test.group('Catalog feeds Orders through ProductCreated', () => {
  test('a product created through v1 reaches Orders through ProductCreated', async ({ client }) => {
    const created = await client.post('/api/v1/catalog').json({ name: 'Teapot', price: 24.5 })
    created.assertStatus(201)
    const id = created.body()

    const response = await eventually(client, `/api/orders/products/${id}`)
    response.assertStatus(200)
    response.assertBody({ id, name: 'Teapot', price: 24.5, category: null })
  })

  test('a product created through v2 reaches Orders too', async ({ client }) => {
    const created = await client
      .post('/api/v2/catalog')
      .json({ name: 'Kettle', price: 39, category: 'Kitchen' })
    const response = await eventually(client, `/api/orders/products/${created.body()}`)
    response.assertStatus(200)
    response.assertBodyContains({ name: 'Kettle', price: 39, category: 'Kitchen' })
  })
})
