import { test } from '@japa/runner'

test.group('CreateProduct endpoint', () => {
  test('answers 400 with the failed fields for an empty body', async ({ client, assert }) => {
    const response = await client.post('/api/v2/catalog/').json({})
    response.assertStatus(400)
    response.assertHeader('content-type', 'application/problem+json; charset=utf-8')
    assert.equal(response.body().code, 'Validation.Failed')
    assert.isNotEmpty(response.body().errors)
  })

  test('answers 400 naming a body field its command does not define', async ({
    client,
    assert,
  }) => {
    const response = await client.post('/api/v2/catalog/').json({ notAField: true })
    response.assertStatus(400)
    assert.equal(response.body().code, 'Validation.Failed')
    assert.deepInclude(response.body().errors[0], { field: 'notAField', code: 'unknownField' })
  })
})
