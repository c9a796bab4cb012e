import { test } from '@japa/runner'
import { existsSync, globSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import app from '@adonisjs/core/services/app'
import type { ApiClient } from '@japa/api-client'
import { Parser } from '@asyncapi/parser'
import { AsyncApiReference } from '@pantheon/kit/messaging'
import { findBreakingEventChanges } from '@pantheon/kit/testing'

/** The suite's own server (bin/test.ts sets HOST and PORT). */
const ORIGIN = `http://${process.env.HOST}:${process.env.PORT}`
/** The documents of the published contract versions, to catch breaking changes. */
const COMMITTED = app.makePath('docs', 'asyncapi')
/** How @asyncapi/parser ranks its findings: 0 makes the document invalid, 1 is a warning. */
const WARNING = 1

async function servedDocuments(client: ApiClient) {
  const reference = await app.container.make(AsyncApiReference)
  const documents: Record<string, Record<string, unknown>> = {}
  for (const module of reference.modules()) {
    const response = await client.get(reference.path(module))
    response.assertStatus(200)
    response.assertHeader('content-type', 'application/json; charset=utf-8')
    documents[module] = response.body()
  }
  return documents
}

test.group('AsyncAPI documents', () => {
  test('serves one document per module, linked from the API reference page', async ({
    client,
    assert,
  }) => {
    const documents = await servedDocuments(client)
    assert.includeMembers(Object.keys(documents), ['catalog', 'orders'])
    const catalog = documents.catalog as any
    assert.deepEqual(Object.keys(catalog.operations), ['send_catalog_product_created'])
    const orders = documents.orders as any
    assert.deepEqual(orders.operations.receive_orders_ProductCreatedConsumer.channel, {
      $ref: '#/channels/catalog_product_created',
    })
    const page = await client.get('/docs')
    assert.include(
      page.text(),
      '<li><a href="/docs/events/catalog">Catalog</a> (<a href="/asyncapi/catalog.json">JSON</a>)</li>'
    )
  })

  test("each module's events have a page in the AsyncAPI viewer, served by this host", async ({
    client,
    assert,
  }) => {
    const page = await client.get('/docs/events/catalog')
    page.assertStatus(200)
    page.assertHeader('content-type', 'text/html; charset=utf-8')
    const policy = String(page.header('content-security-policy'))
    assert.match(policy, /script-src 'self' 'sha256-[^']+' 'unsafe-eval'/)
    assert.include(policy, "connect-src 'self'")
    assert.include(page.text(), '"/asyncapi/catalog.json"')
    const assets = [...page.text().matchAll(/(?:src|href)="(\/docs\/events\/assets\/[^"]+)"/g)]
    assert.lengthOf(assets, 2)
    for (const [, path] of assets) {
      const asset = await client.get(path)
      asset.assertStatus(200)
      asset.assertHeader('cache-control', 'public, max-age=31536000, immutable')
    }
  })

  test('a module without events, or another file of the viewer, is no page at all', async ({
    client,
    assert,
  }) => {
    const unknown = await client.get('/docs/events/nobody')
    unknown.assertStatus(404)
    unknown.assertHeader('content-type', 'application/problem+json; charset=utf-8')
    const catalogPage = await client.get('/docs/events/catalog')
    const version = /events\/assets\/([^/]+)\//.exec(catalogPage.text())?.[1]
    assert.isString(version)
    for (const path of [
      `/docs/events/assets/${version}/package.json`,
      `/docs/events/assets/${version}/index.js`,
      `/docs/events/assets/${version}/..%2Fpackage.json`,
      `/docs/events/assets/0.0.1/asyncapi.css`,
    ]) {
      const response = await fetch(`${ORIGIN}${path}`)
      assert.equal(response.status, 404, path)
      await response.body?.cancel()
    }
  })

  test('every contract in a modules/*/integration/ folder is declared by its module', async ({
    assert,
  }) => {
    const reference = await app.container.make(AsyncApiReference)
    const files = globSync('modules/*/integration/**/*.ts', { cwd: app.makePath() })
    const undeclared: string[] = []
    for (const file of files) {
      const module = file.split('/')[1]
      const exported = await import(pathToFileURL(app.makePath(file)).href)
      for (const value of Object.values(exported) as { type?: unknown; version?: unknown }[]) {
        if (typeof value?.type !== 'string' || typeof value.version !== 'number') continue
        const contract = value as { type: string; version: number }
        if (reference.publisherOf(contract) !== module) {
          undeclared.push(`${file}: ${contract.type} v${contract.version} is not in publishes`)
        }
      }
    }
    assert.isNotEmpty(files)
    assert.deepEqual(undeclared, [])
  })

  test('/asyncapi/catalog.json and every other document parse as AsyncAPI 3 with no error or warning', async ({
    client,
    assert,
  }) => {
    const parser = new Parser()
    for (const [module, document] of Object.entries(await servedDocuments(client))) {
      const { document: parsed, diagnostics } = await parser.parse(JSON.stringify(document))
      const errors = diagnostics
        .filter((diagnostic) => diagnostic.severity <= WARNING)
        .map((diagnostic) => `${diagnostic.path.join('.')}: ${diagnostic.message}`)
      assert.deepEqual(errors, [], `${module}.json`)
      assert.equal(parsed?.version(), '3.0.0')
    }
  }).timeout(60_000)

  test('no change to a published contract version is breaking (additive changes update docs/asyncapi)', async ({
    client,
    assert,
  }) => {
    await mkdir(COMMITTED, { recursive: true })
    for (const [module, document] of Object.entries(await servedDocuments(client))) {
      const committedFile = join(COMMITTED, `${module}.json`)
      const current = `${JSON.stringify(document, null, 2)}\n`
      if (existsSync(committedFile)) {
        const committed = JSON.parse(await readFile(committedFile, 'utf8'))
        const breaking = findBreakingEventChanges(committed, document)
        assert.deepEqual(
          breaking,
          [],
          `${module}.json breaks consumers of a published version; keep it compatible or publish a new version:\n` +
            breaking.join('\n')
        )
      }
      if (!existsSync(committedFile) || (await readFile(committedFile, 'utf8')) !== current) {
        await writeFile(committedFile, current)
      }
    }
  })
})
