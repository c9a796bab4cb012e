// Edited after generation: version 1.0 takes a name and a price only.
import { test } from '@japa/runner'

/** The same values as JSON, as a client sends them and reads them back. */
const body = {
  name: 'Sample text',
  price: 9.99,
}

test.group('CreateProduct endpoint', () => {
  test('answers 201 with the new id and its Location', async ({ client, assert }) => {
    const response = await client.post('/api/v1/catalog/').json(body)
    response.assertStatus(201)
    const id = response.body()
    assert.isString(id)
    assert.isTrue(response.header('location')?.endsWith(`/${id}`))
  })
  test('answers 400 with the failed fields for an empty body', async ({ client, assert }) => {
    const response = await client.post('/api/v1/catalog/').json({})
    response.assertStatus(400)
    response.assertHeader('content-type', 'application/problem+json; charset=utf-8')
    assert.equal(response.body().code, 'Validation.Failed')
    assert.isNotEmpty(response.body().errors)
  })

  test('answers 400 naming a body field its command does not define', async ({
    client,
    assert,
  }) => {
    const response = await client.post('/api/v1/catalog/').json({ notAField: true })
    response.assertStatus(400)
    assert.equal(response.body().code, 'Validation.Failed')
    assert.deepInclude(response.body().errors[0], { field: 'notAField', code: 'unknownField' })
  })
})
