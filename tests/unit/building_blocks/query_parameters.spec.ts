import { test } from '@japa/runner'
import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import { buildOpenApiDocument, MediatorEndpoint, type EndpointDocs } from '@pantheon/kit/http'
import { endpointHandler } from '#kit/building_blocks/infrastructure/http/endpoint_handler'

/** A list's query string, as a generated list endpoint declares it. */
const pageParameters = vine.create({
  page: vine.number().withoutDecimals().min(1).optional(),
  perPage: vine.number().withoutDecimals().range([1, 100]).optional(),
})

class ListThings extends MediatorEndpoint {
  readonly method = 'get'
  readonly path = '/'
  readonly docs: EndpointDocs = {
    summary: 'List things',
    queryParameters: pageParameters,
    response: { status: 200, description: 'One page of things' },
  }
  handled = 0
  async handle() {
    this.handled += 1
  }
}

/** What a request with this query string gets: the endpoint ran, or the problem it was sent. */
async function request(query: Record<string, unknown>) {
  const endpoint = new ListThings(undefined as never)
  let status = 0
  let body = ''
  const response = {
    status(code: number) {
      status = code
      return response
    },
    header() {
      return response
    },
    send(text: string) {
      body = text
    },
  }
  const ctx = {
    request: { qs: () => query, body: () => ({}), url: () => '/api/shop', id: () => 'trace' },
    response,
    params: {},
  } as unknown as HttpContext
  await endpointHandler(endpoint)(ctx)
  return { ran: endpoint.handled === 1, status, problem: body ? JSON.parse(body) : undefined }
}

test.group('Query parameters of an endpoint', () => {
  test('a query string they allow reaches the endpoint: {label}')
    .with([
      { label: 'none', query: {} },
      { label: 'both', query: { page: '2', perPage: '100' } },
      { label: 'the version named as a parameter', query: { 'page': '1', 'api-version': '2' } },
    ])
    .run(async ({ assert }, { query }) => {
      const answer = await request(query)
      assert.isTrue(answer.ran)
      assert.equal(answer.status, 0)
    })

  test('{label} answers 400 naming what is allowed, and the endpoint never runs')
    .with([
      {
        label: 'page=0',
        query: { page: '0' },
        error: {
          field: 'page',
          code: 'min',
          message: 'The page parameter must be a whole number from 1 (it was "0")',
        },
      },
      {
        label: 'page=abc',
        query: { page: 'abc' },
        error: {
          field: 'page',
          code: 'number',
          message: 'The page parameter must be a whole number from 1 (it was "abc")',
        },
      },
      {
        label: 'page=1e1',
        query: { page: '1e1' },
        error: {
          field: 'page',
          code: 'number',
          message: 'The page parameter must be a whole number from 1 (it was "1e1")',
        },
      },
      {
        label: 'page=1.5',
        query: { page: '1.5' },
        error: {
          field: 'page',
          code: 'withoutDecimals',
          message: 'The page parameter must be a whole number from 1 (it was "1.5")',
        },
      },
      {
        label: 'perPage=100000',
        query: { perPage: '100000' },
        error: {
          field: 'perPage',
          code: 'range',
          message: 'The perPage parameter must be a whole number from 1 to 100 (it was "100000")',
        },
      },
      {
        label: 'page given twice',
        query: { page: ['1', '2'] },
        error: {
          field: 'page',
          code: 'number',
          message: 'The page parameter must be a whole number from 1 (it was 2 values)',
        },
      },
      {
        label: 'an unknown parameter',
        query: { sort: 'name' },
        error: {
          field: 'sort',
          code: 'unknownParameter',
          message: 'The sort parameter is not one this endpoint takes (it takes page, perPage)',
        },
      },
    ])
    .run(async ({ assert }, { query, error }) => {
      const answer = await request(query)
      assert.isFalse(answer.ran)
      assert.equal(answer.status, 400)
      assert.equal(answer.problem.code, 'Validation.Failed')
      assert.deepEqual(answer.problem.errors, [error])
    })

  test('every refused parameter is named at once', async ({ assert }) => {
    const answer = await request({ page: '0', perPage: 'many', pg: '2' })
    assert.equal(answer.status, 400)
    assert.sameMembers(
      answer.problem.errors.map((error: { field: string }) => error.field),
      ['page', 'perPage', 'pg']
    )
    assert.include(answer.problem.detail, 'page')
  })

  test('a query string of many unknown parameters answers a bounded problem', async ({
    assert,
  }) => {
    const query = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`p${i}`, '1']))
    const answer = await request(query)
    assert.equal(answer.status, 400)
    assert.lengthOf(answer.problem.errors, 20)
    assert.equal(answer.problem.omittedErrors, 480)
    assert.isBelow(answer.problem.detail.length, 400)
  })

  test('the API document lists them as query parameters of the operation', ({ assert }) => {
    const document = buildOpenApiDocument({
      module: 'shop',
      routes: [
        { method: 'GET', path: '/', params: {}, endpoint: new ListThings(undefined as never) },
      ],
    }) as any
    assert.deepEqual(document.paths['/api/shop'].get.parameters, [
      {
        name: 'page',
        in: 'query',
        required: false,
        description: 'A whole number from 1',
        schema: { type: 'integer', minimum: 1 },
      },
      {
        name: 'perPage',
        in: 'query',
        required: false,
        description: 'A whole number from 1 to 100',
        schema: { type: 'integer', minimum: 1, maximum: 100 },
      },
    ])
  })
})
