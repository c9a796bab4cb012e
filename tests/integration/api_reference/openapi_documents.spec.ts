import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { promisify } from 'node:util'
import app from '@adonisjs/core/services/app'
import type { ApiClient } from '@japa/api-client'
import { ApiReference } from '@pantheon/kit/http'
import { findBreakingChanges } from '@pantheon/kit/testing'
import spectralCore from '@stoplight/spectral-core'
import spectralParsers from '@stoplight/spectral-parsers'
import { oas } from '@stoplight/spectral-rulesets'

const run = promisify(execFile)
/** Where the documents of released versions are kept, to catch breaking changes. */
const COMMITTED = app.makePath('docs', 'openapi')

async function servedDocuments(client: ApiClient) {
  const reference = await app.container.make(ApiReference)
  const documents: Record<string, Record<string, unknown>> = {}
  for (const entry of reference.entries()) {
    const response = await client.get(entry.path)
    response.assertStatus(200)
    documents[basename(entry.path)] = response.body()
  }
  return documents
}

test.group('API reference', () => {
  test('serves one document per module and version', async ({ client, assert }) => {
    const documents = await servedDocuments(client)
    assert.includeMembers(Object.keys(documents), [
      'catalog-v1.json',
      'catalog-v2.json',
      'orders-v1.json',
    ])

    const v1 = documents['catalog-v1.json'] as any
    assert.equal(v1.openapi, '3.1.0')
    assert.deepEqual(Object.keys(v1.paths).sort(), [
      '/api/catalog',
      '/api/catalog/sample',
      '/api/catalog/{id}',
      '/api/v1/catalog',
      '/api/v1/catalog/sample',
      '/api/v1/catalog/{id}',
    ])
    const createBody =
      v1.paths['/api/v1/catalog'].post.requestBody.content['application/json'].schema
    assert.deepEqual(createBody.required, ['name', 'price'])
    const product =
      v1.paths['/api/v1/catalog/{id}'].get.responses['200'].content['application/json'].schema
    assert.deepEqual(Object.keys(product.properties), ['id', 'name', 'price'])
    assert.property(v1.paths['/api/v1/catalog/{id}'].get.responses, '404')

    // A request to /api/catalog naming no version is served by 1.0, the default: the 2.0
    // document lists those paths only for the version-neutral sample, which answers any.
    const v2 = documents['catalog-v2.json'] as any
    assert.deepEqual(Object.keys(v2.paths).sort(), [
      '/api/catalog/sample',
      '/api/v2/catalog',
      '/api/v2/catalog/sample',
      '/api/v2/catalog/{id}',
    ])
    assert.property(v2.paths['/api/v2/catalog/{id}'], 'delete')
    assert.includeMembers(
      v2.paths['/api/v2/catalog'].post.requestBody.content['application/json'].schema.required,
      ['name', 'price', 'category']
    )
    const orders = documents['orders-v1.json'] as any
    assert.deepEqual(Object.keys(orders.paths).sort(), [
      '/api/orders/products/{id}',
      '/api/orders/sample',
      '/api/v1/orders/products/{id}',
      '/api/v1/orders/sample',
    ])
  })

  test('field definitions say what the service enforces and sends', async ({ client, assert }) => {
    const documents = await servedDocuments(client)
    const v2 = documents['catalog-v2.json'] as any
    const create =
      v2.paths['/api/v2/catalog'].post.requestBody.content['application/json'].schema.properties
    assert.containsSubset(create.name, { minLength: 1, maxLength: 200, pattern: '\\S' })
    assert.containsSubset(create.category, { minLength: 1, maxLength: 100, pattern: '\\S' })
    assert.equal(create.price.multipleOf, 0.01)

    const product =
      v2.paths['/api/v2/catalog/{id}'].get.responses['200'].content['application/json'].schema
    assert.equal(product.properties.createdAt.format, 'date-time')
    assert.includeMembers(product.required, ['id', 'name', 'price', 'category', 'createdAt'])
  })

  test('the version parameters take the version from api-version or X-Api-Version', async ({
    client,
    assert,
  }) => {
    const documents = await servedDocuments(client)
    for (const [name, version, isDefault] of [
      ['catalog-v1.json', '1.0', true],
      ['catalog-v2.json', '2.0', false],
    ] as const) {
      const document = documents[name] as any
      const major = version.split('.')[0]
      const paths = [`/api/v${major}/catalog/{id}`, ...(isDefault ? ['/api/catalog/{id}'] : [])]
      for (const path of paths) {
        const refs = document.paths[path].get.parameters.map((p: any) => p.$ref)
        assert.includeMembers(refs, [
          '#/components/parameters/ApiVersionQuery',
          '#/components/parameters/ApiVersionHeader',
        ])
      }
      const { ApiVersionQuery: query, ApiVersionHeader: header } = document.components.parameters
      assert.containsSubset(query, { name: 'api-version', in: 'query', required: false })
      assert.containsSubset(header, { name: 'X-Api-Version', in: 'header', required: false })
      for (const parameter of [query, header]) {
        const pattern = new RegExp(parameter.schema.pattern, 'u')
        for (const spelling of [version, major]) {
          assert.isTrue(pattern.test(spelling), `${name} accepts ${spelling}`)
        }
        // The v belongs to the URL segment: ?api-version=v2 is InvalidApiVersion. An empty
        // value names no version either: it is refused, not read as "none named".
        for (const spelling of [`v${major}`, `v${version}`, isDefault ? '2.0' : '1.0', '', ' ']) {
          assert.isFalse(pattern.test(spelling), `${name} refuses "${spelling}"`)
        }
        assert.include(parameter.description, 'empty value answers 400 InvalidApiVersion')
      }
      assert.equal(query.schema.default, isDefault ? version : undefined)
      if (isDefault) {
        assert.notEqual(
          document.paths['/api/catalog/{id}'].get.operationId,
          document.paths[`/api/v${major}/catalog/{id}`].get.operationId
        )
      }
      // The sample is version-neutral: it reads no version, so it declares none.
      for (const path of ['/api/catalog/sample', `/api/v${major}/catalog/sample`]) {
        assert.notProperty(document.paths[path].get, 'parameters', `${name} ${path}`)
      }
    }
  })

  test('responses declare the headers the service sends, 429 and 410', async ({
    client,
    assert,
  }) => {
    const documents = await servedDocuments(client)
    const v2 = documents['catalog-v2.json'] as any
    const operation = v2.paths['/api/v2/catalog/{id}'].get
    assert.includeMembers(Object.keys(operation.responses), ['200', '400', '404', '410', '429'])
    assert.includeMembers(Object.keys(operation.responses['200'].headers), [
      'X-Request-Id',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'api-supported-versions',
      'api-deprecated-versions',
    ])
    const tooMany = v2.components.responses.TooManyRequests
    assert.include(tooMany.description, 'RateLimit.Exceeded')
    assert.includeMembers(Object.keys(tooMany.headers), [
      'Retry-After',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ])
    assert.include(v2.components.responses.Gone.description, 'ApiVersionSunset')
    assert.isTrue(v2.components.headers.RequestId.required)
  })

  test('every document passes redocly lint with zero errors', async ({ client, assert }) => {
    const documents = await servedDocuments(client)
    const folder = await mkdtemp(join(tmpdir(), 'pantheon-openapi-'))
    try {
      const files = []
      for (const [name, document] of Object.entries(documents)) {
        files.push(join(folder, name))
        await writeFile(join(folder, name), JSON.stringify(document, null, 2))
      }
      const result = await run(app.makePath('node_modules/.bin/redocly'), ['lint', ...files], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      }).catch((error) => error)
      const output = `${result.stdout ?? ''}\n${result.stderr ?? ''}`
      assert.notProperty(result, 'code', `redocly lint reported errors:\n${output}`)
      assert.notMatch(output, /[1-9]\d* errors?/)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  }).timeout(120_000)

  test("every document passes Spectral's spectral:oas ruleset with no finding", async ({
    client,
    assert,
  }) => {
    const spectral = new spectralCore.Spectral()
    // What `extends: spectral:oas` means: its recommended rules, warnings included.
    spectral.setRuleset({ extends: [[oas as never, 'recommended']] } as never)
    const findings: string[] = []
    for (const [name, document] of Object.entries(await servedDocuments(client))) {
      const text = JSON.stringify(document, null, 2)
      const results = await spectral.run(
        new spectralCore.Document(text, spectralParsers.Json, name)
      )
      for (const result of results) {
        findings.push(`${name} ${result.code} at ${result.path.join('.')}: ${result.message}`)
      }
    }
    assert.deepEqual(findings, [])
  }).timeout(60_000)

  test('no change to a released version is breaking (additive changes update docs/openapi)', async ({
    client,
    assert,
  }) => {
    await mkdir(COMMITTED, { recursive: true })
    for (const [name, document] of Object.entries(await servedDocuments(client))) {
      const committedFile = join(COMMITTED, name)
      const current = `${JSON.stringify(document, null, 2)}\n`
      if (existsSync(committedFile)) {
        const committed = JSON.parse(await readFile(committedFile, 'utf8'))
        const breaking = findBreakingChanges(committed, document)
        assert.deepEqual(
          breaking,
          [],
          `${name} breaks clients of its version; keep the old behaviour or add a new API version:\n` +
            breaking.join('\n')
        )
      }
      if (!existsSync(committedFile) || (await readFile(committedFile, 'utf8')) !== current) {
        await writeFile(committedFile, current)
      }
    }
  })
})
