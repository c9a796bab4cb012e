import { test } from '@japa/runner'

test.group('Orders API: sample', () => {
  test('GET /api/orders/sample answers 200 on version 1.0 only', async ({ client }) => {
    const response = await client.get('/api/orders/sample')
    response.assertStatus(200)
    response.assertBody('Orders module is running' as never)
    response.assertHeader('api-supported-versions', '1.0')
  })

  test('Orders does not serve Catalog\'s version 2.0', async ({ client }) => {
    const response = await client.get('/api/v2/orders/sample')
    response.assertStatus(400)
    response.assertBodyContains({ code: 'UnsupportedApiVersion', supportedVersions: ['1.0'] })
  })
})
