import { test } from '@japa/runner'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServerProcess } from '#tests/common/server_process'
import { generatedAppCommands, portAbove, runAppTests } from '#tests/common/generated_app_commands'
import { endpointCommandLine } from '#tests/common/crud_scaffolding'
import { compileClients, documentsIn, runProgram } from '#tests/common/typed_client/client_programs'
import { copyOfInitializedApp } from '#tests/common/initialized_app'
import { typeChecker } from '#tests/common/type_checker'

/** The new app's ports: 40 and 141 above this suite's own (TEST_PORT, 5100 by default). */
const inApp = generatedAppCommands(40, { scaffoldInProcess: true })

const PROPERTIES = 'Name:string,Price:decimal,Stock:int,Active:boolean?,Due:date?,Meta:json?'

/** The CRUD of the Item entity, as docs/commands.md lists the command lines. */
const SCAFFOLDING = [
  ['add-module', 'Stock'],
  ['add-entity', 'Item', '--module', 'Stock', '--properties', PROPERTIES],
  ['add-command', 'CreateItem', '--module', 'Stock', '--result-type', 'ItemId'],
  ['add-command', 'UpdateItem', '--module', 'Stock', '--result-type', 'void'],
  ['add-command', 'DeleteItem', '--module', 'Stock', '--result-type', 'void'],
  ['add-query', 'GetItemById', '--module', 'Stock', '--result-type', 'ItemDto'],
  // A list's result type, ItemListDto, is derived.
  ['add-query', 'ListItems', '--module', 'Stock'],
  ...[
    ['CreateItem', 'POST', '/', '--command', 'CreateItem'],
    ['GetItem', 'GET', '/:id', '--query', 'GetItemById'],
    ['UpdateItem', 'PUT', '/:id', '--command', 'UpdateItem'],
    ['DeleteItem', 'DELETE', '/:id', '--command', 'DeleteItem'],
    ['ListItems', 'GET', '/', '--query', 'ListItems'],
  ].map((endpoint) => endpointCommandLine('Stock', endpoint)),
  ['add-migration', 'Init', '--module', 'Stock'],
]

interface Operation {
  requestBody?: { content: { 'application/json': { schema: Schema } } }
  responses: Record<string, { $ref?: string; content?: { 'application/json': { schema: Schema } } }>
}
interface Schema {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean
  items?: Schema
  format?: string
}

test.group('Generated endpoints document their bodies and problems, end to end', (group) => {
  let workspace: string
  group.each.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-documented-'))
    return () => rm(workspace, { recursive: true, force: true })
  })

  test('request and response schemas, 404 and unknown fields refused, documents that lint and type a working client', async ({
    assert,
  }) => {
    const node = process.execPath
    const shop = await copyOfInitializedApp(workspace)
    for (const command of SCAFFOLDING) await inApp(shop, node, ['ace', ...command])
    await inApp(shop, node, [typeChecker(shop), '--noEmit'])
    await inApp(shop, node, ['ace', 'migration:run'])

    // The app's own tests include redocly lint of every document it serves.
    const tests = await runAppTests(shop, [], (argv) =>
      inApp(shop, node, argv, { NODE_ENV: 'test' })
    )
    assert.match(tests.stdout, /Tests\s+\d+ passed \(\d+\)/, tests.stdout)
    assert.include(tests.stdout, 'every document passes redocly lint with zero errors')
    assert.include(tests.stdout, 'answers 400 naming a body field its command does not define')

    // A client author's types: openapi-typescript over the documents the app's tests wrote to
    // docs/openapi/, typing tests/fixtures/typed_client/programs/stock_v1.ts under tsc --strict.
    const documents = await documentsIn(join(shop, 'docs/openapi'))
    assert.deepEqual(Object.keys(documents), ['stock-v1.json'])
    const typed = await compileClients(documents, workspace)
    assert.deepEqual(typed.typeErrors, [], 'the typed client compiles against the generated types')

    const server = await startServerProcess(
      {
        NODE_ENV: 'development',
        HTTPS_ENABLED: 'false',
        HOST: '127.0.0.1',
        PORT: portAbove(141),
        DB_CONNECTION: 'sqlite',
        SQLITE_FILENAME: 'tmp/db.sqlite3',
      },
      { appRoot: shop, readyPath: '/health/ready' }
    )
    try {
      const base = `http://127.0.0.1:${portAbove(141)}`
      const answer = await fetch(`${base}/openapi/stock-v1.json`)
      assert.equal(answer.status, 200)
      const document = (await answer.json()) as { paths: Record<string, Record<string, Operation>> }
      assert.deepEqual(document, documents['stock-v1.json'], 'docs/openapi/ holds what is served')
      const collection = document.paths['/api/stock']
      const item = document.paths['/api/stock/{id}']

      const created = collection.post
      const createBody = created.requestBody!.content['application/json'].schema
      assert.sameMembers(Object.keys(createBody.properties!), [
        'name',
        'price',
        'stock',
        'active',
        'due',
        'meta',
      ])
      assert.sameMembers(createBody.required!, ['name', 'price', 'stock'])
      assert.isFalse(createBody.additionalProperties)
      assert.deepEqual(created.responses['201'].content!['application/json'].schema, {
        type: 'string',
        format: 'uuid',
      })
      assert.notProperty(created.responses, '404')

      // The id of PUT /{id} comes from the path, not the body.
      const updateBody = item.put.requestBody!.content['application/json'].schema
      assert.notProperty(updateBody.properties!, 'id')
      assert.include(Object.keys(updateBody.properties!), 'name')
      for (const method of ['get', 'put', 'delete']) {
        assert.equal(item[method].responses['404'].$ref, '#/components/responses/NotFound', method)
      }

      const one = item.get.responses['200'].content!['application/json'].schema
      assert.sameMembers(Object.keys(one.properties!), [
        'id',
        'version',
        'name',
        'price',
        'stock',
        'active',
        'due',
        'meta',
      ])
      assert.equal(one.properties!.due.format, 'date')
      const page = collection.get.responses['200'].content!['application/json'].schema
      assert.sameMembers(Object.keys(page.properties!), ['items', 'total', 'page', 'perPage'])
      assert.include(Object.keys(page.properties!.items.items!.properties!), 'price')

      const post = (body: unknown) =>
        fetch(`${base}/api/stock`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      const refused = await post({ name: 'Tea', price: 2.5, stock: 3, colour: 'green' })
      assert.equal(refused.status, 400)
      const problem = (await refused.json()) as {
        code: string
        errors: { field: string; code: string }[]
      }
      assert.equal(problem.code, 'Validation.Failed')
      assert.equal(problem.errors.find((error) => error.field === 'colour')?.code, 'unknownField')

      const accepted = await post({ name: 'Tea', price: 2.5, stock: 3 })
      assert.equal(accepted.status, 201)
      const id = (await accepted.json()) as string
      const read = await fetch(`${base}/api/stock/${id}`)
      assert.equal(read.status, 200)
      assert.containsSubset(await read.json(), { id, name: 'Tea', price: 2.5, stock: 3 })
      const put = await fetch(`${base}/api/stock/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Coffee', price: 3, stock: 1 }),
      })
      assert.equal(put.status, 204)

      // A list documents page and perPage as query parameters and refuses anything else.
      const list = collection.get as Operation & { parameters?: { name?: string }[] }
      const named = (list.parameters ?? []).map((parameter) => parameter.name)
      assert.includeMembers(named, ['page', 'perPage'])
      for (const query of [
        'page=0',
        'page=abc',
        'perPage=100000',
        'sort=colour',
        'price[near]=1',
      ]) {
        const refusedPage = await fetch(`${base}/api/stock?${query}`)
        assert.equal(refusedPage.status, 400, query)
      }
      // It takes the order and the filters its document lists.
      const sorted = await fetch(`${base}/api/stock?sort=-price,name&price[gte]=3&stock=1`)
      assert.equal(sorted.status, 200)
      assert.containsSubset(await sorted.json(), { total: 1 })
      const onePage = await fetch(`${base}/api/stock?page=1&perPage=1`)
      assert.equal(onePage.status, 200)
      assert.containsSubset(await onePage.json(), { total: 1, page: 1, perPage: 1 })

      // The typed program creates an item, reads it back, and reads a 404 and a 400 through
      // the typed problem; every answer is held to what the document says of it.
      const report = await runProgram(typed.folder, 'stock-v1.json', {
        baseUrl: base,
        document: documents['stock-v1.json'],
      })
      assert.deepEqual(report.failures, [])
      assert.deepEqual(report.called, ['GET /api/stock/{id}', 'POST /api/stock'])
    } finally {
      await server.stop()
    }
  }).timeout(420_000)
})
