import { test } from '@japa/runner'
import { ordersApiVersions } from '../../infrastructure/orders_api_versions.js'

test.group('Orders API: sample', () => {
  test("GET /api/orders/sample answers 200 and names the module's versions", async ({ client }) => {
    const response = await client.get('/api/orders/sample')
    response.assertStatus(200)
    response.assertBody('Orders module is running' as never)
    response.assertHeader('api-supported-versions', ordersApiVersions.supportedHeader)
  })

  test('GET /api/v1/orders/sample answers the same', async ({ client }) => {
    const response = await client.get('/api/v1/orders/sample')
    response.assertStatus(200)
  })

  test('a version the module does not declare answers 400 UnsupportedApiVersion', async ({
    client,
  }) => {
    const response = await client.get('/api/orders/sample').header('x-api-version', '9.0')
    response.assertStatus(400)
    response.assertBodyContains({
      code: 'UnsupportedApiVersion',
      supportedVersions: [...ordersApiVersions.versions],
    })
  })
})
