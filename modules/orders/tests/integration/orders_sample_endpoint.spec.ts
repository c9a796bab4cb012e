import { test } from '@japa/runner'
import { ordersApiVersions } from '../../infrastructure/orders_api_versions.js'

test.group('Orders API: sample', () => {
  test("GET /api/orders/sample answers 200 and names the module's versions", async ({ client }) => {
    const response = await client.get('/api/orders/sample')
    response.assertStatus(200)
    response.assertBody('Orders module is running' as never)
    response.assertHeader('api-supported-versions', ordersApiVersions.supportedHeader)
  })

  // The sample is version-neutral: it reads no version, so it serves any one named alike.
  test('GET /api/orders/sample answers the same to {label}')
    .with([
      { label: 'v1 in the URL', url: '/api/v1/orders/sample', headers: {} },
      { label: 'an unknown version in the URL', url: '/api/v9/orders/sample', headers: {} },
      { label: 'an unknown api-version', url: '/api/orders/sample?api-version=9.0', headers: {} },
      {
        label: 'a malformed X-Api-Version',
        url: '/api/orders/sample',
        headers: { 'x-api-version': 'not-a-version' },
      },
    ])
    .run(async ({ client }, { url, headers }) => {
      const response = await client.get(url).headers(headers as Record<string, string>)
      response.assertStatus(200)
      response.assertBody('Orders module is running' as never)
      response.assertHeader('api-supported-versions', ordersApiVersions.supportedHeader)
    })
})
