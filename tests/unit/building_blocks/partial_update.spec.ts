import { test } from '@japa/runner'
import vine from '@vinejs/vine'
import { notNull } from '@pantheon/kit/application'
import { buildOpenApiDocument, MediatorEndpoint, type EndpointDocs } from '@pantheon/kit/http'

/** A partial update's validator as add-command writes one: a required and an optional property. */
const patchValidator = vine.create({
  name: vine.string().trim().minLength(1).use(notNull()).optional(),
  notes: vine.string().nullable().optional(),
})

class PatchThing extends MediatorEndpoint {
  readonly method = 'patch'
  readonly path = '/:id'
  readonly docs: EndpointDocs = {
    summary: 'Change a thing',
    requestBody: patchValidator,
    response: { status: 204, description: 'Done (no body)' },
  }
  async handle() {}
}

test.group('A partial update', () => {
  test('a required property may be left out or changed, never cleared', async ({ assert }) => {
    assert.deepEqual(await patchValidator.validate({}), {})
    assert.deepEqual(await patchValidator.validate({ name: 'Tea' }), { name: 'Tea' })
    const [error] = await patchValidator.tryValidate({ name: null })
    assert.deepEqual((error as { messages: unknown[] }).messages, [
      {
        field: 'name',
        rule: 'notNull',
        message: 'The name field is required: it can be changed or left out, not cleared',
      },
    ])
  })

  test('an optional property sent as null is kept as null: it clears the value', async ({
    assert,
  }) => {
    assert.deepEqual(await patchValidator.validate({ notes: null }), { notes: null })
  })

  test('its API document takes the body as JSON or as a JSON Merge Patch', ({ assert }) => {
    const document = buildOpenApiDocument({
      module: 'shop',
      routes: [
        { method: 'PATCH', path: '/:id', params: {}, endpoint: new PatchThing(undefined as never) },
      ],
    }) as { paths: Record<string, Record<string, { requestBody: { content: object } }>> }
    const content = document.paths['/api/shop/{id}'].patch.requestBody.content
    assert.sameMembers(Object.keys(content), ['application/json', 'application/merge-patch+json'])
  })
})
