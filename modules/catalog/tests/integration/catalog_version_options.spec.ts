// Written by hand: the ways a client names an API version, and what each answers.
import { test } from '@japa/runner'
import { outsideTheDocuments } from '#tests/common/contract/contract_plugin'
import { catalogApiVersions } from '../../infrastructure/catalog_api_versions.js'

const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000'

test.group('Catalog API versions: version-neutral endpoints', (group) => {
  const realClock = catalogApiVersions.now
  group.each.teardown(() => {
    catalogApiVersions.undeprecate('1.0')
    catalogApiVersions.now = realClock
  })

  test('GET {url} answers whatever version is asked for')
    .with([
      { url: '/api/catalog/sample?api-version=9.0', headers: {} },
      { url: '/api/v9/catalog/sample', headers: {} },
      { url: '/api/catalog/sample', headers: { 'x-api-version': 'not-a-version' } },
      { url: '/api/v1/catalog/sample?api-version=2.0', headers: {} },
      {
        url: '/health/live',
        headers: { 'x-api-version': '9.9', 'accept': 'application/json;v=7' },
      },
    ])
    .run(async ({ client }, { url, headers }) => {
      const response = await client.get(url).headers(headers as Record<string, string>)
      response.assertStatus(200)
    })

  test('a neutral endpoint still reports the module versions', async ({ client }) => {
    const response = await client.get('/api/v9/catalog/sample')
    response.assertHeader('api-supported-versions', '1.0, 2.0')
    response.assertHeader('vary', 'X-Api-Version, Accept')
  })

  test('a neutral endpoint answers in a version past its sunset', async ({ client }) => {
    catalogApiVersions.deprecate('1.0', {
      since: new Date('2026-01-01T00:00:00Z'),
      sunset: new Date('2027-01-01T00:00:00Z'),
    })
    catalogApiVersions.now = () => new Date('2028-01-01T00:00:00Z')
    const response = await client.get('/api/v1/catalog/sample')
    response.assertStatus(200)
  })
})

test.group('Catalog API versions: a module that requires a version', (group) => {
  group.each.setup(() => {
    // The documents were built at boot, when Catalog had a default version: they allow a
    // request naming none, which is now refused. A module configured so at boot is documented
    // so (openapi_document.spec.ts).
    const restore = outsideTheDocuments('Catalog requires a version only for these tests')
    catalogApiVersions.setDefaultVersion(undefined)
    return () => {
      catalogApiVersions.setDefaultVersion('1.0')
      restore()
    }
  })

  test('a request naming no version answers 400 ApiVersionUnspecified', async ({ client }) => {
    const response = await client.get(`/api/catalog/${UNKNOWN_ID}`)
    response.assertStatus(400)
    response.assertHeader('content-type', 'application/problem+json; charset=utf-8')
    response.assertBodyContains({
      status: 400,
      code: 'ApiVersionUnspecified',
      supportedVersions: ['1.0', '2.0'],
      errors: [{ code: 'ApiVersionUnspecified' }],
    })
  })

  test('a request naming one through {label} is served')
    .with([
      { label: 'the URL', url: `/api/v1/catalog/${UNKNOWN_ID}`, headers: {} },
      { label: 'the query', url: `/api/catalog/${UNKNOWN_ID}?api-version=1.0`, headers: {} },
      {
        label: 'the header',
        url: `/api/catalog/${UNKNOWN_ID}`,
        headers: { 'x-api-version': '2.0' },
      },
      {
        label: 'the media type',
        url: `/api/catalog/${UNKNOWN_ID}`,
        headers: { accept: 'application/json;v=2.0' },
      },
    ])
    .run(async ({ client }, { url, headers }) => {
      const response = await client.get(url).headers(headers as Record<string, string>)
      response.assertStatus(404)
      response.assertBodyContains({ code: 'Product.NotFound' })
    })

  test('a version-neutral endpoint needs none', async ({ client }) => {
    const response = await client.get('/api/catalog/sample')
    response.assertStatus(200)
  })
})
