import { test } from '@japa/runner'
import { catalogApiVersions } from '../../infrastructure/catalog_api_versions.js'

test.group('Catalog API: sample', () => {
  test("GET /api/catalog/sample answers 200 and names the module's versions", async ({
    client,
  }) => {
    const response = await client.get('/api/catalog/sample')
    response.assertStatus(200)
    response.assertBody('Catalog module is running' as never)
    response.assertHeader('api-supported-versions', catalogApiVersions.supportedHeader)
  })

  // The sample is version-neutral: it reads no version, so it serves any one named alike.
  test('GET /api/catalog/sample answers the same to {label}')
    .with([
      { label: 'v1 in the URL', url: '/api/v1/catalog/sample', headers: {} },
      { label: 'an unknown version in the URL', url: '/api/v9/catalog/sample', headers: {} },
      { label: 'an unknown api-version', url: '/api/catalog/sample?api-version=9.0', headers: {} },
      {
        label: 'a malformed X-Api-Version',
        url: '/api/catalog/sample',
        headers: { 'x-api-version': 'not-a-version' },
      },
    ])
    .run(async ({ client }, { url, headers }) => {
      const response = await client.get(url).headers(headers as Record<string, string>)
      response.assertStatus(200)
      response.assertBody('Catalog module is running' as never)
      response.assertHeader('api-supported-versions', catalogApiVersions.supportedHeader)
    })
})
