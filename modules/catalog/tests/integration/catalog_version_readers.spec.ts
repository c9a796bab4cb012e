// Written by hand: a product written through one version and read through the other.
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { rawRequest } from '#tests/common/raw_request'

const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000'

async function createV1(client: ApiClient) {
  const response = await client.post('/api/v1/catalog').json({ name: 'Ruler', price: 3 })
  response.assertStatus(201)
  return response.body() as string
}

test.group('Catalog API versions: the header reader', () => {
  test('X-Api-Version sent twice with the same value is that version', async ({
    client,
    assert,
  }) => {
    const id = await createV1(client)
    const response = await rawRequest('GET', `/api/catalog/${id}`, {
      headers: [
        ['x-api-version', '2.0'],
        ['x-api-version', '2.0'],
      ],
    })
    assert.equal(response.status, 200)
    assert.containsSubset(response.body, { id, links: { self: `/api/v2/catalog/${id}` } })
  })

  test('X-Api-Version sent twice with different values is AmbiguousApiVersion', async ({
    assert,
  }) => {
    const response = await rawRequest('GET', `/api/catalog/${UNKNOWN_ID}`, {
      headers: [
        ['x-api-version', '1.0'],
        ['x-api-version', '2.0'],
      ],
    })
    assert.equal(response.status, 400)
    assert.containsSubset(response.body, { code: 'AmbiguousApiVersion' })
  })
})

test.group('Catalog API versions: the media-type reader', () => {
  test('Accept: {accept} chooses 2.0')
    .with([
      { accept: 'application/json;v=2.0' },
      { accept: 'application/json; v=2' },
      { accept: 'application/json; q=0.9; v="2.0", */*;q=0.1' },
    ])
    .run(async ({ client, assert }, { accept }) => {
      const id = await createV1(client)
      const response = await client.get(`/api/catalog/${id}`).header('accept', accept)
      response.assertStatus(200)
      assert.containsSubset(response.body(), { links: { self: `/api/v2/catalog/${id}` } })
    })

  test('an Accept header without a v parameter leaves the default version', async ({ client }) => {
    const id = await createV1(client)
    const response = await client.get(`/api/catalog/${id}`).header('accept', 'application/json')
    response.assertBody({ id, name: 'Ruler', price: 3 })
  })

  test('the media type agreeing with {label} is not ambiguous')
    .with([
      { label: 'the URL', url: (id: string) => `/api/v2/catalog/${id}`, headers: {} },
      {
        label: 'the query',
        url: (id: string) => `/api/catalog/${id}?api-version=2.0`,
        headers: {},
      },
      {
        label: 'the header',
        url: (id: string) => `/api/catalog/${id}`,
        headers: { 'x-api-version': '2' },
      },
    ])
    .run(async ({ client }, { url, headers }) => {
      const id = await createV1(client)
      const response = await client
        .get(url(id))
        .headers(headers as Record<string, string>)
        .header('accept', 'application/json;v=2.0')
      response.assertStatus(200)
      response.assertBodyContains({ links: { self: `/api/v2/catalog/${id}` } })
    })

  test('the media type disagreeing with {label} is AmbiguousApiVersion')
    .with([
      { label: 'the URL', url: `/api/v1/catalog/${UNKNOWN_ID}`, headers: {} },
      { label: 'the query', url: `/api/catalog/${UNKNOWN_ID}?api-version=1.0`, headers: {} },
      {
        label: 'the header',
        url: `/api/catalog/${UNKNOWN_ID}`,
        headers: { 'x-api-version': '1.0' },
      },
      {
        label: 'another media range',
        url: `/api/catalog/${UNKNOWN_ID}`,
        headers: { accept: 'application/json;v=1.0, application/xml;v=2.0' },
      },
    ])
    .run(async ({ client }, { url, headers }) => {
      const response = await client
        .get(url)
        .header('accept', 'application/json;v=2.0')
        .headers(headers as Record<string, string>)
      response.assertStatus(400)
      response.assertBodyContains({ code: 'AmbiguousApiVersion' })
    })
})

test.group('Catalog API versions: the version format outside the URL', () => {
  test('refuses {label} as InvalidApiVersion')
    .with([
      { label: '?api-version=v2', url: `/api/catalog/${UNKNOWN_ID}?api-version=v2`, headers: {} },
      {
        label: 'X-Api-Version: v2.0',
        url: `/api/catalog/${UNKNOWN_ID}`,
        headers: { 'x-api-version': 'v2.0' },
      },
      {
        label: 'Accept: application/json;v=v2',
        url: `/api/catalog/${UNKNOWN_ID}`,
        headers: { accept: 'application/json;v=v2' },
      },
      {
        label: '?api-version=2.0.1',
        url: `/api/catalog/${UNKNOWN_ID}?api-version=2.0.1`,
        headers: {},
      },
    ])
    .run(async ({ client }, { url, headers }) => {
      const response = await client.get(url).headers(headers as Record<string, string>)
      response.assertStatus(400)
      response.assertBodyContains({ code: 'InvalidApiVersion', supportedVersions: ['1.0', '2.0'] })
    })
})
