// Written by hand: what each API version serves and refuses.
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { catalogApiVersions } from '../../infrastructure/catalog_api_versions.js'

const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000'
const PROBLEM_JSON = 'application/problem+json; charset=utf-8'

async function createV1(client: ApiClient, name = 'Stapler') {
  const response = await client.post('/api/v1/catalog').json({ name, price: 7.25 })
  response.assertStatus(201)
  return response.body() as string
}

test.group('Catalog API versions: choosing a version', () => {
  test('GET {label} returns the v2 representation')
    .with([
      { label: '/api/v2/catalog/:id', path: (id: string) => `/api/v2/catalog/${id}`, headers: {} },
      {
        label: '/api/v2.0/catalog/:id',
        path: (id: string) => `/api/v2.0/catalog/${id}`,
        headers: {},
      },
      {
        label: 'with ?api-version=2.0',
        path: (id: string) => `/api/catalog/${id}?api-version=2.0`,
        headers: {},
      },
      {
        label: 'with X-Api-Version: 2.0',
        path: (id: string) => `/api/catalog/${id}`,
        headers: { 'x-api-version': '2.0' },
      },
    ])
    .run(async ({ client, assert }, { path, headers }) => {
      const id = await createV1(client)

      const response = await client.get(path(id)).headers(headers as Record<string, string>)

      response.assertStatus(200)
      const body = response.body()
      assert.containsSubset(body, {
        id,
        name: 'Stapler',
        price: 7.25,
        category: null,
        links: { self: `/api/v2/catalog/${id}`, delete: `/api/v2/catalog/${id}` },
      })
      assert.match(body.createdAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/)
    })

  test('with no version the default (1.0) applies', async ({ client }) => {
    const id = await createV1(client)
    const response = await client.get(`/api/catalog/${id}`)
    response.assertStatus(200)
    response.assertBody({ id, name: 'Stapler', price: 7.25 })
  })

  test('/api/v1/catalog/:id returns exactly { id, name, price }', async ({ client }) => {
    const id = await createV1(client)
    const response = await client.get(`/api/v1/catalog/${id}`)
    response.assertBody({ id, name: 'Stapler', price: 7.25 })
  })

  test('rejects {label} with 400 {code} listing the supported versions')
    .with([
      {
        label: 'an unsupported URL version',
        url: `/api/v3/catalog/${UNKNOWN_ID}`,
        headers: {},
        code: 'UnsupportedApiVersion',
      },
      {
        label: 'an unsupported query version',
        url: `/api/catalog/${UNKNOWN_ID}?api-version=9.0`,
        headers: {},
        code: 'UnsupportedApiVersion',
      },
      {
        label: 'an unsupported header version',
        url: `/api/catalog/${UNKNOWN_ID}`,
        headers: { 'x-api-version': '3.0' },
        code: 'UnsupportedApiVersion',
      },
      {
        label: 'a malformed query version',
        url: `/api/catalog/${UNKNOWN_ID}?api-version=abc`,
        headers: {},
        code: 'InvalidApiVersion',
      },
      {
        label: 'a malformed header version',
        url: `/api/catalog/${UNKNOWN_ID}`,
        headers: { 'x-api-version': 'two' },
        code: 'InvalidApiVersion',
      },
      {
        label: 'an empty query version',
        url: `/api/catalog/${UNKNOWN_ID}?api-version=`,
        headers: {},
        code: 'InvalidApiVersion',
      },
      {
        label: 'an empty header version',
        url: `/api/catalog/${UNKNOWN_ID}`,
        headers: { 'x-api-version': '' },
        code: 'InvalidApiVersion',
      },
      {
        label: 'an empty media-type version',
        url: `/api/catalog/${UNKNOWN_ID}`,
        headers: { accept: 'application/json;v=' },
        code: 'InvalidApiVersion',
      },
      {
        label: 'URL and query disagreeing',
        url: `/api/v1/catalog/${UNKNOWN_ID}?api-version=2.0`,
        headers: {},
        code: 'AmbiguousApiVersion',
      },
      {
        label: 'query and header disagreeing',
        url: `/api/catalog/${UNKNOWN_ID}?api-version=1.0`,
        headers: { 'x-api-version': '2.0' },
        code: 'AmbiguousApiVersion',
      },
    ])
    .run(async ({ client, assert }, { url, headers, code }) => {
      const response = await client.get(url).headers(headers as Record<string, string>)
      response.assertStatus(400)
      response.assertHeader('content-type', PROBLEM_JSON)
      response.assertHeader('api-supported-versions', '1.0, 2.0')
      assert.containsSubset(response.body(), {
        status: 400,
        code,
        supportedVersions: ['1.0', '2.0'],
      })
    })

  test('the same version from two readers is not ambiguous', async ({ client }) => {
    const id = await createV1(client)
    const response = await client
      .get(`/api/v2/catalog/${id}?api-version=2`)
      .header('x-api-version', '2.0')
    response.assertStatus(200)
    response.assertBodyContains({ links: { self: `/api/v2/catalog/${id}` } })
  })

  test('an endpoint missing from the chosen version answers 400 UnsupportedApiVersion', async ({
    client,
  }) => {
    const response = await client.delete(`/api/v1/catalog/${UNKNOWN_ID}`)
    response.assertStatus(400)
    response.assertBodyContains({ code: 'UnsupportedApiVersion' })
  })
})

test.group('Catalog API versions: v2', () => {
  test('POST /api/v2/catalog/ creates a product with its category', async ({ client }) => {
    const created = await client
      .post('/api/v2/catalog/')
      .json({ name: 'Desk', price: 120, category: '  Furniture ' })
    created.assertStatus(201)
    const id = created.body()
    created.assertHeader('location', `/api/v2/catalog/${id}`)

    const read = await client.get(created.header('location')!)
    read.assertBodyContains({ id, name: 'Desk', price: 120, category: 'Furniture' })
  })

  test('a create in 2.0 {label} answers the 2.0 Location, which reads the 2.0 shape')
    .with([
      { label: 'through the URL', url: '/api/v2/catalog', headers: {} },
      { label: 'through /api/v2.0', url: '/api/v2.0/catalog', headers: {} },
      { label: 'with ?api-version=2.0', url: '/api/catalog?api-version=2.0', headers: {} },
      {
        label: 'with X-Api-Version: 2.0',
        url: '/api/catalog',
        headers: { 'x-api-version': '2.0' },
      },
      {
        label: 'with Accept: application/json;v=2.0',
        url: '/api/catalog',
        headers: { accept: 'application/json;v=2.0' },
      },
    ])
    .run(async ({ client }, { url, headers }) => {
      const created = await client
        .post(url)
        .headers(headers as Record<string, string>)
        .json({ name: 'Chair', price: 45.5, category: 'Furniture' })
      created.assertStatus(201)
      const id = created.body()
      created.assertHeader('location', `/api/v2/catalog/${id}`)

      const read = await client.get(created.header('location')!)
      read.assertBodyContains({
        id,
        category: 'Furniture',
        links: { self: `/api/v2/catalog/${id}` },
      })
    })

  test('a create naming 1.0 answers the 1.0 Location; one naming no version keeps /api/catalog', async ({
    client,
  }) => {
    const named = await client.post('/api/catalog?api-version=1.0').json({ name: 'Pen', price: 2 })
    named.assertHeader('location', `/api/v1/catalog/${named.body()}`)

    const unnamed = await client.post('/api/catalog').json({ name: 'Pen', price: 2 })
    unnamed.assertHeader('location', `/api/catalog/${unnamed.body()}`)
  })

  test('v2 requires a category of 1 to 100 characters', async ({ client, assert }) => {
    for (const category of [undefined, '', 'c'.repeat(101), 42]) {
      const response = await client
        .post('/api/v2/catalog')
        .json({ name: 'Desk', price: 1, category })
      response.assertStatus(400)
      assert.deepEqual(
        response.body().errors.map((e: { field: string }) => e.field),
        ['category']
      )
    }
  })

  test('fields v2 does not define answer 400 naming each of them', async ({ client, assert }) => {
    const response = await client
      .post('/api/v2/catalog')
      .json({ name: 'Desk', price: 1, category: 'Furniture', bogus: 1, colour: 'red' })

    response.assertStatus(400)
    assert.containsSubset(response.body(), { status: 400, code: 'Validation.Failed' })
    assert.deepEqual(
      response.body().errors.map((e: { field: string; code: string }) => [e.field, e.code]),
      [
        ['bogus', 'unknownField'],
        ['colour', 'unknownField'],
      ]
    )
  })

  test('DELETE through the delete link answers 204, then the product is gone', async ({
    client,
  }) => {
    const id = await createV1(client)
    const read = await client.get(`/api/v2/catalog/${id}`)

    const deleted = await client.delete(read.body().links.delete)
    deleted.assertStatus(204)

    const again = await client.get(`/api/v2/catalog/${id}`)
    again.assertStatus(404)
    again.assertBodyContains({ code: 'Product.NotFound' })
  })

  test('DELETE of an unknown product answers 404 Product.NotFound', async ({ client }) => {
    const response = await client.delete(`/api/v2/catalog/${UNKNOWN_ID}`)
    response.assertStatus(404)
    response.assertBodyContains({
      code: 'Product.NotFound',
      errors: [{ code: 'Product.NotFound', message: `Product ${UNKNOWN_ID} was not found` }],
    })
  })

  test('v1 reports a missing product with the error list too', async ({ client }) => {
    const response = await client.get(`/api/v1/catalog/${UNKNOWN_ID}`)
    response.assertStatus(404)
    response.assertBodyContains({
      code: 'Product.NotFound',
      errors: [{ code: 'Product.NotFound' }],
    })
  })
})

test.group('Catalog API versions: reporting and lifecycle', (group) => {
  const realClock = catalogApiVersions.now
  group.each.teardown(() => {
    catalogApiVersions.undeprecate('1.0')
    catalogApiVersions.now = realClock
  })

  test('every response says which versions exist, errors included', async ({ client }) => {
    for (const response of [
      await client.get('/api/catalog/sample'),
      await client.get(`/api/v2/catalog/${UNKNOWN_ID}`),
      await client.post('/api/catalog').json({}),
    ]) {
      response.assertHeader('api-supported-versions', '1.0, 2.0')
      response.assertHeaderMissing('api-deprecated-versions')
    }
  })

  test('a deprecated version moves to api-deprecated-versions and its responses carry Deprecation, Sunset and Link', async ({
    client,
  }) => {
    catalogApiVersions.deprecate('1.0', {
      since: new Date('2026-01-01T00:00:00Z'),
      sunset: new Date('2099-01-01T00:00:00Z'),
      deprecationLink: 'https://docs.example.com/catalog/v1',
    })

    const id = await createV1(client)
    const v1 = await client.get(`/api/v1/catalog/${id}`)
    v1.assertStatus(200)
    v1.assertHeader('api-supported-versions', '2.0')
    v1.assertHeader('api-deprecated-versions', '1.0')
    v1.assertHeader('deprecation', '@1767225600')
    v1.assertHeader('sunset', 'Thu, 01 Jan 2099 00:00:00 GMT')
    v1.assertHeader('link', '<https://docs.example.com/catalog/v1>; rel="deprecation"')

    const v2 = await client.get(`/api/v2/catalog/${id}`)
    v2.assertHeaderMissing('deprecation')
    v2.assertHeader('api-deprecated-versions', '1.0')
  })

  test(
    'answers no route gives in a deprecated version ({method} {url}) carry its deprecation headers'
  )
    .with([
      { method: 'OPTIONS', url: '/api/v1/catalog', headers: {}, status: 204 },
      { method: 'OPTIONS', url: `/api/catalog/${UNKNOWN_ID}`, headers: {}, status: 204 },
      { method: 'OPTIONS', url: '/api/catalog?api-version=1.0', headers: {}, status: 204 },
      { method: 'PATCH', url: '/api/v1.0/catalog', headers: {}, status: 405 },
      { method: 'GET', url: '/api/catalog/nowhere/else', headers: {}, status: 404 },
    ])
    .run(async ({ client }, { method, url, headers, status }) => {
      catalogApiVersions.deprecate('1.0', {
        since: new Date('2026-01-01T00:00:00Z'),
        sunset: new Date('2099-01-01T00:00:00Z'),
        deprecationLink: 'https://docs.example.com/catalog/v1',
      })

      const response = await client.request(url, method).headers(headers)

      response.assertStatus(status)
      response.assertHeader('api-deprecated-versions', '1.0')
      response.assertHeader('deprecation', '@1767225600')
      response.assertHeader('sunset', 'Thu, 01 Jan 2099 00:00:00 GMT')
      response.assertHeader('link', '<https://docs.example.com/catalog/v1>; rel="deprecation"')
    })

  test('answers no route gives carry no deprecation headers for {label}')
    .with([
      { label: 'a current version', url: '/api/v2/catalog', headers: {} },
      {
        label: 'a current version named in a header',
        url: '/api/catalog',
        headers: { 'x-api-version': '2' },
      },
      { label: 'a version that is not one', url: '/api/catalog?api-version=abc', headers: {} },
      { label: 'a version-neutral path', url: '/api/v1/catalog/sample', headers: {} },
    ])
    .run(async ({ client }, { url, headers }) => {
      catalogApiVersions.deprecate('1.0', { since: new Date('2026-01-01T00:00:00Z') })

      const response = await client
        .request(url, 'OPTIONS')
        .headers(headers as Record<string, string>)

      response.assertStatus(204)
      response.assertHeader('api-deprecated-versions', '1.0')
      response.assertHeaderMissing('deprecation')
    })

  test('after its sunset a version answers 410 ApiVersionSunset', async ({ client }) => {
    catalogApiVersions.deprecate('1.0', {
      since: new Date('2026-01-01T00:00:00Z'),
      sunset: new Date('2027-01-01T00:00:00Z'),
    })
    catalogApiVersions.now = () => new Date('2027-01-01T00:00:01Z')

    const response = await client.get(`/api/catalog/${UNKNOWN_ID}`)

    response.assertStatus(410)
    response.assertHeader('content-type', PROBLEM_JSON)
    response.assertBodyContains({ status: 410, code: 'ApiVersionSunset' })
    const v2 = await client.get(`/api/v2/catalog/${UNKNOWN_ID}`)
    v2.assertStatus(404)
  })

  test('after its sunset a version is listed nowhere: neither in the 410 body nor in the headers', async ({
    client,
  }) => {
    catalogApiVersions.deprecate('1.0', {
      since: new Date('2026-01-01T00:00:00Z'),
      sunset: new Date('2027-01-01T00:00:00Z'),
    })
    catalogApiVersions.now = () => new Date('2027-01-01T00:00:01Z')

    const retired = await client.get(`/api/v1/catalog/${UNKNOWN_ID}`)
    retired.assertStatus(410)
    retired.assertBodyContains({ supportedVersions: ['2.0'] })
    retired.assertHeader('api-supported-versions', '2.0')
    retired.assertHeaderMissing('api-deprecated-versions')

    const unsupported = await client.get(`/api/v3/catalog/${UNKNOWN_ID}`)
    unsupported.assertBodyContains({ supportedVersions: ['2.0'] })

    // Before the sunset the same version is deprecated, not retired.
    catalogApiVersions.now = () => new Date('2026-12-31T23:59:59Z')
    const deprecated = await client.get(`/api/v1/catalog/${UNKNOWN_ID}`)
    deprecated.assertStatus(404)
    deprecated.assertHeader('api-deprecated-versions', '1.0')
  })
})
