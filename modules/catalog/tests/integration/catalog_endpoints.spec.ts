// Written by hand: the specification's HTTP contract of both versions, request by request.
import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { rawRequest } from '#tests/common/raw_request'

const PROBLEM_JSON = 'application/problem+json; charset=utf-8'
const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000'

async function productCount(): Promise<number> {
  const [row] = await db.from('catalog_products').count('* as total')
  return Number(row.total)
}

/** Every failure is RFC 9457 problem details with Pantheon's extensions. */
function assertProblem(
  assert: Parameters<Parameters<typeof test>[1] & {}>[0]['assert'],
  response: ApiResponse,
  status: number,
  code: string
) {
  response.assertStatus(status)
  response.assertHeader('content-type', PROBLEM_JSON)
  const body = response.body()
  assert.containsSubset(body, { status, code })
  assert.properties(body, ['type', 'title', 'detail', 'instance', 'traceId'])
  assert.equal(body.traceId, response.header('x-request-id'))
}

test.group('Catalog API: sample', () => {
  test('GET /api/catalog/sample answers 200 with a JSON string', async ({ client }) => {
    const response = await client.get('/api/catalog/sample')
    response.assertStatus(200)
    response.assertHeader('content-type', 'application/json; charset=utf-8')
    response.assertBody('Catalog module is running' as never)
  })
})

test.group('Catalog API: create product', () => {
  test('POST /api/catalog/ answers 201 with the Location and the id as a JSON string', async ({
    client,
    assert,
  }) => {
    const response = await client.post('/api/catalog/').json({ name: 'Fountain pen', price: 19.99 })

    response.assertStatus(201)
    const id = response.body()
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    response.assertHeader('location', `/api/catalog/${id}`)
  })

  test('POST /api/catalog without the trailing slash works the same', async ({ client }) => {
    const response = await client.post('/api/catalog').json({ name: 'Ink', price: 4 })
    response.assertStatus(201)
  })

  test('a created product reads back exactly, price included', async ({ client }) => {
    const created = await client.post('/api/catalog').json({ name: '  Ledger  ', price: 19.99 })
    const id = created.body()

    const response = await client.get(created.header('location')!)

    response.assertStatus(200)
    response.assertBody({ id, name: 'Ledger', price: 19.99 })
  })

  test('lengths count characters, as the document does: 200 emoji are a valid name', async ({
    client,
    assert,
  }) => {
    // Each of these characters is two UTF-16 code units: JavaScript's length says 400.
    const name = '🖋'.repeat(200)
    const created = await client.post('/api/v1/catalog').json({ name, price: 1 })
    created.assertStatus(201)
    const read = await client.get(created.header('location')!)
    assert.equal(read.body().name, name)

    const tooLong = await client.post('/api/v1/catalog').json({ name: `${name}🖋`, price: 1 })
    assertProblem(assert, tooLong, 400, 'Validation.Failed')
    assert.containsSubset(tooLong.body().errors, [{ field: 'name', code: 'maxLength' }])
  })

  test('a v2 category of 100 emoji is valid, as the document says', async ({ client }) => {
    const category = '🪑'.repeat(100)
    const created = await client
      .post('/api/v2/catalog')
      .json({ name: 'Chair', price: 45.5, category })
    created.assertStatus(201)
    const read = await client.get(created.header('location')!)
    read.assertBodyContains({ category })
  })

  test('invalid fields answer 400 listing every failed field', async ({ client, assert }) => {
    const response = await client.post('/api/catalog').json({ name: '', price: 1.234 })

    assertProblem(assert, response, 400, 'Validation.Failed')
    assert.deepEqual(
      response.body().errors.map((e: { field: string; code: string }) => [e.field, e.code]),
      [
        ['name', 'minLength'],
        ['price', 'decimal'],
      ]
    )
    for (const error of response.body().errors) assert.isString(error.message)
  })

  test('rejects {label} with a validation problem on {field}')
    .with([
      { label: 'an empty body', body: {}, field: 'name' },
      { label: 'a negative price', body: { name: 'Pen', price: -5 }, field: 'price' },
      { label: 'a price given as a string', body: { name: 'Pen', price: '12.50' }, field: 'price' },
      { label: 'a name given as a number', body: { name: 12, price: 1 }, field: 'name' },
      { label: 'a 201-character name', body: { name: 'n'.repeat(201), price: 1 }, field: 'name' },
      { label: 'a huge price', body: { name: 'Pen', price: 1e300 }, field: 'price' },
      { label: 'a nested object as name', body: { name: { $ne: '' }, price: 1 }, field: 'name' },
    ])
    .run(async ({ client, assert }, { body, field }) => {
      const response = await client.post('/api/catalog').json(body)
      assertProblem(assert, response, 400, 'Validation.Failed')
      assert.include(
        response.body().errors.map((e: { field: string }) => e.field),
        field
      )
    })

  test('a field v1 does not define answers 400 naming it, and nothing is stored', async ({
    client,
    assert,
  }) => {
    const before = await productCount()

    const response = await client
      .post('/api/v1/catalog')
      .json({ name: 'Pen', price: 1, category: 'Office' })

    assertProblem(assert, response, 400, 'Validation.Failed')
    assert.deepEqual(
      response.body().errors.map((e: { field: string; code: string }) => [e.field, e.code]),
      [['category', 'unknownField']]
    )
    assert.include(response.body().errors[0].message, 'category')
    assert.equal(await productCount(), before)
  })

  test('stores SQL-looking text as plain text', async ({ client }) => {
    const name = "Robert'); DROP TABLE catalog_products;--"
    const created = await client.post('/api/catalog').json({ name, price: 1 })
    created.assertStatus(201)
    const response = await client.get(created.header('location')!)
    response.assertBodyContains({ name })
  })

  test('rejects {label} with 400 Request.InvalidJson')
    .with([
      { label: 'malformed JSON', body: '{"name": "Pen", "price": ' },
      { label: 'a JSON string body', body: '"just a string"' },
      { label: 'a JSON number body', body: '42' },
    ])
    .run(async ({ assert }, { body }) => {
      const response = await rawRequest('POST', '/api/catalog', {
        body,
        contentType: 'application/json',
      })
      assert.equal(response.status, 400)
      assert.equal(response.contentType, PROBLEM_JSON)
      assert.containsSubset(response.body, { status: 400, code: 'Request.InvalidJson' })
    })

  test('a {contentType} body answers 415')
    .with([{ contentType: 'text/plain' }, { contentType: 'application/x-www-form-urlencoded' }])
    .run(async ({ assert }, { contentType }) => {
      const response = await rawRequest('POST', '/api/catalog', {
        body: 'name=Pen&price=1',
        contentType,
      })
      assert.equal(response.status, 415)
      assert.equal(response.contentType, PROBLEM_JSON)
      assert.containsSubset(response.body, { status: 415, code: 'Request.UnsupportedMediaType' })
    })

  test('a body in a +json media type is read as JSON', async ({ assert }) => {
    const response = await rawRequest('POST', '/api/catalog', {
      body: JSON.stringify({ name: 'Pen', price: 1.5 }),
      contentType: 'application/vnd.pantheon+json',
    })
    assert.equal(response.status, 201)
    assert.isString(response.body)
  })

  test('a body sent to no route is never read: 404, whatever its content type', async ({
    assert,
  }) => {
    const response = await rawRequest('POST', '/api/catalog/nowhere/else', {
      body: 'name=Pen&price=1',
      contentType: 'text/plain',
    })
    assert.equal(response.status, 404)
    assert.equal(response.contentType, PROBLEM_JSON)
    assert.containsSubset(response.body, { status: 404, code: 'Route.NotFound' })
  })

  test('a body on a GET is never read: the route answers as it would without one', async ({
    assert,
  }) => {
    const response = await rawRequest('GET', '/api/catalog/sample', {
      body: 'name=Pen&price=1',
      contentType: 'text/plain',
    })
    assert.equal(response.status, 200)
    assert.equal(response.body, 'Catalog module is running')
  })

  test('a body nested deeper than 32 levels answers 400 Request.TooDeep', async ({
    client,
    assert,
  }) => {
    let nested: unknown = 'Pen'
    for (let level = 0; level < 40; level++) nested = { nested }
    const response = await client.post('/api/catalog').json({ name: nested, price: 1 })
    assertProblem(assert, response, 400, 'Request.TooDeep')
  })

  test('a body over 1 MB answers 413', async ({ client, assert }) => {
    const response = await client
      .post('/api/catalog')
      .json({ name: 'x'.repeat(1024 * 1024 + 10), price: 1 })
    assertProblem(assert, response, 413, 'Request.TooLarge')
  })
})

test.group('Catalog API: get product', () => {
  test('an unknown id answers 404 Product.NotFound', async ({ client, assert }) => {
    const response = await client.get(`/api/catalog/${UNKNOWN_ID}`)
    assertProblem(assert, response, 404, 'Product.NotFound')
    assert.equal(response.body().detail, `Product ${UNKNOWN_ID} was not found`)
    assert.equal(response.body().instance, `/api/catalog/${UNKNOWN_ID}`)
  })

  test('an id that is not a UUID answers 404', async ({ client, assert }) => {
    const response = await client.get('/api/catalog/not-a-uuid')
    assertProblem(assert, response, 404, 'Route.NotFound')
  })

  test('an unknown route answers 404 problem details', async ({ client, assert }) => {
    const response = await client.get('/api/nowhere')
    assertProblem(assert, response, 404, 'Route.NotFound')
  })
})
