import { test } from '@japa/runner'
import vine from '@vinejs/vine'
import { pathParamNames, requestBodySchema } from '@pantheon/kit/http'
import { createSchemaValidator } from '#tests/common/contract/schema_validator'

const updateValidator = vine.create({
  id: vine.string().uuid(),
  name: vine.string(),
  notes: vine.string().nullable().optional(),
})

test.group('Request body schema', () => {
  test('reads the params of a route path', ({ assert }) => {
    assert.deepEqual(pathParamNames('/:id/lines/:lineId'), ['id', 'lineId'])
    assert.deepEqual(pathParamNames('/'), [])
  })

  test('leaves out the fields the route takes from its path', ({ assert }) => {
    const schema = requestBodySchema(updateValidator, ['id'])
    assert.sameMembers(Object.keys(schema.properties as object), ['name', 'notes'])
    assert.deepEqual(schema.required, ['name'])
    assert.isFalse(schema.additionalProperties)
  })

  test('keeps every field of a route without params, and the cached schema intact', ({
    assert,
  }) => {
    requestBodySchema(updateValidator, ['id'])
    const schema = requestBodySchema(updateValidator)
    assert.sameMembers(Object.keys(schema.properties as object), ['id', 'name', 'notes'])
    assert.sameMembers(schema.required as string[], ['id', 'name'])
  })

  test('a nullable text takes null, and no NUL character in a text', ({ assert }) => {
    const ajv = createSchemaValidator()
    const schema = requestBodySchema(updateValidator, ['id'])
    assert.isTrue(ajv.validate(schema, { name: 'Lamp', notes: null }))
    assert.isFalse(ajv.validate(schema, { name: 'Lamp', notes: 'a\u0000b' }))
    assert.isFalse(ajv.validate(schema, { name: 'La\u0000mp' }))
  })
})
