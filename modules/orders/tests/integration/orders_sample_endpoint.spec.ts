import { test } from '@japa/runner'

test.group('Orders API: sample', () => {
  test('GET /api/orders/sample answers 200 on version 1.0', async ({ client }) => {
    const response = await client.get('/api/orders/sample')
    response.assertStatus(200)
    response.assertBody('Orders module is running' as never)
    response.assertHeader('api-supported-versions', '1.0')
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
    response.assertBodyContains({ code: 'UnsupportedApiVersion', supportedVersions: ['1.0'] })
  })
})
