import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import AddEndpoint from '#commands/add_endpoint'
import AddEntity from '#commands/add_entity'
import AddMigration from '#commands/add_migration'
import AddModule from '#commands/add_module'
import AddQuery from '#commands/add_query'
import { scaffoldJson } from '#tests/common/crud_scaffolding'
import { generatedAppCommands } from '#tests/common/generated_app_commands'
import { filesUnder } from '#tests/common/module_files'
import { scaffoldingApp, type ScaffoldingApp } from '#tests/common/scaffolding'
import { typeChecker } from '#tests/common/type_checker'

const run = promisify(execFile)

/** This repository's redocly, for the documents the app's tests write. */
const REDOCLY = fileURLToPath(new URL('../../../node_modules/.bin/redocly', import.meta.url))

/** The test of an app made by `init` that writes its OpenAPI documents to docs/openapi/. */
const WRITES_DOCUMENTS =
  'no change to a released version is breaking (additive changes update docs/openapi)'

/** The app's own programs (its tests), on a port of their own. */
const inApp = generatedAppCommands(113)

/** The app made by `init` in a temp folder that the running test scaffolds in. */
let shop: ScaffoldingApp

const MODULE = 'Shelf'
const FOLDER = 'shelf'
const path = (file: string) => shop.path('modules', FOLDER, file)

async function addProduct() {
  const { exitCode, output } = await shop.run(AddEntity, [
    'Product',
    '--module',
    MODULE,
    '--aggregate',
    '--properties',
    'Name:string,Price:decimal,Launch:date?',
  ])
  if (exitCode !== 0) throw new Error(output)
}

const addQuery = (...argv: string[]) => shop.run(AddQuery, [...argv, '--module', MODULE])

/** Every file of the module and its text: what a refused command must leave as it was. */
const moduleFiles = () => filesUnder(path(''))

/**
 * The type errors tsc finds in the module's files, with the app's tsconfig. The rest of the app
 * is the template's, which its own specs typecheck.
 */
async function typeErrors(): Promise<string[]> {
  const tsc = typeChecker(shop.root)
  try {
    await run(process.execPath, [tsc, '--noEmit', '-p', shop.root], { cwd: shop.root })
    return []
  } catch (error) {
    const output = String((error as { stdout?: string }).stdout ?? error)
    const errors = output.split('\n').filter((line) => /^\S+\(\d+,\d+\): error /.test(line))
    if (errors.length === 0) throw new Error(`tsc failed without type errors:\n${output}`)
    return errors.filter((line) => line.startsWith(`modules/${FOLDER}/`))
  }
}

/** The `node ace add-endpoint …` line of a next step, as the argv of the command. */
function endpointLine(nextSteps: string[]): string[] {
  const step = nextSteps.find((line) => line.includes('node ace add-endpoint '))
  if (!step) throw new Error(`No add-endpoint line in:\n${nextSteps.join('\n')}`)
  return step
    .slice(step.indexOf('node ace add-endpoint ') + 'node ace add-endpoint '.length)
    .split(' ')
}

test.group('add-query List<Entities>: the list DTO', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    await shop.run(AddModule, [MODULE])
    await addProduct()
    return () => shop.remove()
  })

  test('derives ProductListDto when --result-type is left out', async ({ assert }) => {
    const { exitCode, output } = await addQuery('ListProducts')
    assert.equal(exitCode, 0, output)
    const query = await readFile(
      path('application/queries/list_products/list_products_query.ts'),
      'utf8'
    )
    assert.include(query, 'export class ListProductsQuery extends Query<ProductListDto>')
    const listDto = await readFile(path('application/dtos/product_list_dto.ts'), 'utf8')
    assert.include(listDto, 'export interface ProductListDto {')
    assert.include(listDto, 'items: ProductDto[]')
    assert.isTrue(existsSync(path('application/dtos/product_dto.ts')))
  })

  test('derives ProductDto for GetProductById when --result-type is left out', async ({
    assert,
  }) => {
    const { exitCode, output } = await addQuery('GetProductById')
    assert.equal(exitCode, 0, output)
    assert.include(
      await readFile(
        path('application/queries/get_product_by_id/get_product_by_id_query.ts'),
        'utf8'
      ),
      'extends Query<ProductDto>'
    )
  })

  test(
    'ListProducts --result-type {resultType} {label} is refused, naming ProductListDto, and writes nothing'
  )
    .with([
      { label: 'before the item DTO exists', resultType: 'ProductDto', before: [] as string[] },
      {
        label: 'after GetProductById made it',
        resultType: 'ProductDto',
        before: ['GetProductById'],
      },
      { label: '(an id)', resultType: 'ProductId', before: [] },
      { label: '(a primitive)', resultType: 'string', before: [] },
      { label: '(a DTO of another name)', resultType: 'ProductPageDto', before: [] },
    ])
    .run(async ({ assert }, { resultType, before }) => {
      for (const name of before) {
        const made = await addQuery(name)
        assert.equal(made.exitCode, 0, made.output)
      }
      const files = await moduleFiles()
      const { exitCode, output } = await addQuery('ListProducts', '--result-type', resultType)
      assert.notEqual(exitCode, 0)
      assert.include(output, 'ListProducts returns one page of products: ProductListDto')
      assert.include(output, '--result-type ProductListDto')
      assert.deepEqual(await moduleFiles(), files)
    })

  test('GetProductById --result-type ProductListDto is refused, naming ProductDto', async ({
    assert,
  }) => {
    const files = await moduleFiles()
    const { exitCode, output } = await addQuery('GetProductById', '--result-type', 'ProductListDto')
    assert.notEqual(exitCode, 0)
    assert.include(output, '--result-type ProductDto')
    assert.deepEqual(await moduleFiles(), files)
  })

  test('a list query of no entity still needs --result-type', async ({ assert }) => {
    const { exitCode, output } = await addQuery('ListWidgets')
    assert.equal(exitCode, 1)
    assert.include(output, '--result-type is required')
  })

  test('the next step of {name} is the add-endpoint line of its route')
    .with([
      {
        name: 'ListProducts',
        step: `node ace add-endpoint ListProducts --module ${MODULE} --method GET --route / --query ListProducts --result-type ProductListDto`,
      },
      {
        name: 'GetProductById',
        step: `node ace add-endpoint GetProductById --module ${MODULE} --method GET --route /:id --query GetProductById --result-type ProductDto`,
      },
      {
        name: 'ProductStats',
        step: `node ace add-endpoint ProductStats --module ${MODULE} --method GET --route /product-stats --query ProductStats --result-type number`,
        resultType: 'number',
      },
    ])
    .run(async ({ assert }, { name, step, resultType }) => {
      const { exitCode, output } = await addQuery(
        name,
        ...(resultType ? ['--result-type', resultType] : []),
        '--json'
      )
      assert.equal(exitCode, 0, output)
      const { nextSteps } = scaffoldJson(output)
      assert.deepEqual(nextSteps, [`Expose it: ${step}`])
    })
})

test.group('add-query List<Entities>: the generated code', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    await shop.run(AddModule, [MODULE])
    await addProduct()
    return () => shop.remove()
  })

  test('the list query and the endpoint of its next step typecheck', async ({ assert }) => {
    const got = await addQuery('GetProductById')
    assert.equal(got.exitCode, 0, got.output)
    const listed = await addQuery('ListProducts', '--json')
    assert.equal(listed.exitCode, 0, listed.output)
    const endpoint = await shop.run(
      AddEndpoint,
      endpointLine(scaffoldJson(listed.output).nextSteps)
    )
    assert.equal(endpoint.exitCode, 0, endpoint.output)
    const source = await readFile(path('api/list_products_endpoint.ts'), 'utf8')
    assert.include(source, "readonly path = '/'")
    assert.include(source, 'representation: productPageRepresentation,')
    assert.include(source, 'queryParameters: listProductsParameters,')
    assert.deepEqual(await typeErrors(), [])
  }).timeout(180_000)

  test("the list endpoint's own tests pass: page=0, page=abc, perPage=100000 and an unknown parameter answer 400", async ({
    assert,
  }) => {
    for (const argv of [
      ['ListProducts', '--module', MODULE],
      ['GetProductById', '--module', MODULE],
    ]) {
      const made = await shop.run(AddQuery, argv)
      assert.equal(made.exitCode, 0, made.output)
    }
    const endpoint = await shop.run(AddEndpoint, [
      'ListProducts',
      '--module',
      MODULE,
      '--method',
      'GET',
      '--route',
      '/',
      '--query',
      'ListProducts',
    ])
    assert.equal(endpoint.exitCode, 0, endpoint.output)
    const migration = await shop.run(AddMigration, ['Init', '--module', MODULE])
    assert.equal(migration.exitCode, 0, migration.output)
    const appTests = async (...filters: string[]) => {
      const { stdout } = await inApp(shop.root, process.execPath, [
        'ace',
        'test',
        ...filters,
        '--reporters=spec',
      ])
      return stdout
    }
    const endpointTests = await appTests('--files=list_products_endpoint')
    assert.include(endpointTests, 'answers 400 naming what page and perPage take')
    assert.include(endpointTests, 'answers only the Products that pass every filter it is sent')
    assert.include(endpointTests, 'answers in the order it is asked')
    assert.match(endpointTests, /Tests\s+4 passed/, endpointTests)
    // Its redocly lint needs node_modules/.bin, which the linked packages leave out: linted
    // below with this repository's. (One title per run: ace joins several with commas.)
    const documentTest = await appTests('--files=openapi_documents', `--tests=${WRITES_DOCUMENTS}`)
    assert.match(documentTest, /Tests\s+1 passed/, documentTest)
    // The app's test wrote the served document: the list operation names its parameters.
    const written = await readdir(shop.path('docs/openapi'))
    const served = shop.path(
      'docs/openapi',
      written.find((file) => file.startsWith(FOLDER))!
    )
    await run(REDOCLY, ['lint', served], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    })
    const document = JSON.parse(await readFile(served, 'utf8'))
    const list = document.paths[`/api/${FOLDER}`].get
    // Beside them, the $refs of the version parameters of a versioned module.
    const named = list.parameters.filter((parameter: { name?: string }) => parameter.name)
    assert.deepEqual(
      named.map((parameter: { name: string; in: string }) => [parameter.name, parameter.in]),
      [
        'page',
        'perPage',
        'sort',
        ...['name', 'price', 'launch'].flatMap((field) =>
          field === 'name'
            ? [field]
            : [field, ...['gt', 'gte', 'lt', 'lte'].map((key) => `${field}[${key}]`)]
        ),
      ].map((name) => [name, 'query'])
    )
    const sort = named.find((parameter: { name: string }) => parameter.name === 'sort')
    assert.containsSubset(sort, { style: 'form', explode: false, schema: { type: 'array' } })
  }).timeout(180_000)
})
