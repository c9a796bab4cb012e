// Written by hand: concurrent requests against one product, beyond what a starter test covers.
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'

async function createdProduct(client: Parameters<Parameters<typeof test>[1] & {}>[0]['client']) {
  const response = await client
    .post('/api/v2/catalog')
    .json({ name: 'Desk lamp', price: 30, category: 'Lighting' })
  response.assertStatus(201)
  return response.body() as string
}

async function stored(id: string): Promise<boolean> {
  return (await db.from('catalog_products').where('id', id).first()) !== null
}

test.group('Catalog API: versions, ETag and If-Match', () => {
  test('GET answers the version as ETag in v1 and v2, never in the body', async ({
    client,
    assert,
  }) => {
    const id = await createdProduct(client)
    for (const url of [`/api/catalog/${id}`, `/api/v2/catalog/${id}`]) {
      const response = await client.get(url)
      response.assertStatus(200)
      response.assertHeader('etag', '"1"')
      assert.notProperty(response.body(), 'version')
    }
  })

  test('GET and HEAD answer 304 with no body to an If-None-Match naming the version', async ({
    client,
    assert,
  }) => {
    const id = await createdProduct(client)
    for (const header of ['"1"', 'W/"1"', '"9", "1"', '*']) {
      const response = await client.get(`/api/v2/catalog/${id}`).header('if-none-match', header)
      response.assertStatus(304)
      response.assertHeader('etag', '"1"')
      assert.equal(response.text(), '')
    }
    const head = await client.head(`/api/catalog/${id}`).header('if-none-match', '"1"')
    head.assertStatus(304)
    const other = await client.get(`/api/v2/catalog/${id}`).header('if-none-match', '"2"')
    other.assertStatus(200)
  })

  test('DELETE with an If-Match naming another version answers 412 and keeps the product', async ({
    client,
    assert,
  }) => {
    const id = await createdProduct(client)
    // "bogus" is no version this service gave out, and If-Match compares strongly: W/"1" too.
    for (const header of ['"bogus"', '"2"', 'W/"1"']) {
      const response = await client.delete(`/api/v2/catalog/${id}`).header('if-match', header)
      response.assertStatus(412)
      response.assertHeader('content-type', 'application/problem+json; charset=utf-8')
      assert.containsSubset(response.body(), {
        status: 412,
        title: 'Precondition Failed',
        code: 'Product.VersionMismatch',
      })
      assert.isTrue(await stored(id), `deleted with If-Match: ${header}`)
    }
  })

  test('DELETE with the stored version, or *, deletes; without If-Match it still does', async ({
    client,
    assert,
  }) => {
    for (const header of ['"1"', '"7", "1"', '*', undefined]) {
      const id = await createdProduct(client)
      const request = client.delete(`/api/v2/catalog/${id}`)
      if (header) request.header('if-match', header)
      const response = await request
      response.assertStatus(204)
      assert.isFalse(await stored(id), `kept with If-Match: ${header}`)
    }
  })

  test('DELETE with If-Match of a product that is gone answers 404', async ({ client }) => {
    const id = await createdProduct(client)
    await client.delete(`/api/v2/catalog/${id}`)
    const response = await client.delete(`/api/v2/catalog/${id}`).header('if-match', '*')
    response.assertStatus(404)
  })

  test('a precondition that is not a list of entity tags answers 400, and changes nothing', async ({
    client,
    assert,
  }) => {
    const id = await createdProduct(client)
    for (const header of ['bogus', '"1', '1', '"1" "2"', '"1",,"2"', '"1",']) {
      const response = await client.delete(`/api/v2/catalog/${id}`).header('if-match', header)
      response.assertStatus(400)
      assert.equal(response.body().code, 'Request.InvalidIfMatch')
      assert.include(response.body().detail, 'If-Match must be either * or quoted entity tags')
    }
    assert.isTrue(await stored(id))
    const read = await client.get(`/api/v2/catalog/${id}`).header('if-none-match', 'nope')
    read.assertStatus(400)
    assert.equal(read.body().code, 'Request.InvalidIfNoneMatch')
  })
})
