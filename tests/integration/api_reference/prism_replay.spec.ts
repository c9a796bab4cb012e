import { test } from '@japa/runner'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { ApiReference } from '@pantheon/kit/http'
import type { Exchange } from '#tests/common/contract/exchange'
import { replayThroughPrism } from '#tests/prism_replay/replay'

const BASE = () => `http://${process.env.HOST}:${process.env.PORT}`

/** Sends a request to the test server and keeps it, with its response, as an exchange. */
async function exchange(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {}
): Promise<Exchange> {
  const requestHeaders: Record<string, string> =
    body === undefined ? { ...headers } : { ...headers, 'content-type': 'application/json' }
  const requestBody = body === undefined ? undefined : JSON.stringify(body)
  const response = await fetch(`${BASE()}${path}`, {
    method,
    headers: requestHeaders,
    body: requestBody,
  })
  const url = new URL(path, BASE())
  return {
    method,
    path: url.pathname,
    query: url.searchParams,
    requestHeaders,
    requestBody,
    status: response.status,
    responseHeaders: Object.fromEntries(response.headers),
    responseBody: await response.text(),
  }
}

/** A document of Catalog (catalog-v1.json) as the test server serves it, in a file for Prism. */
async function servedDocument(folder: string, name: string): Promise<string> {
  const reference = await app.container.make(ApiReference)
  const entry = reference.entries().find(({ path }) => basename(path) === name)!
  const file = join(folder, name)
  await writeFile(file, JSON.stringify(reference.document(entry.path)))
  return file
}

test.group('Replaying traffic through Prism', (group) => {
  let folder: string
  let document: string
  let documentV2: string
  group.setup(async () => {
    folder = await mkdtemp(join(tmpdir(), 'pantheon-prism-'))
    document = await servedDocument(folder, 'catalog-v1.json')
    documentV2 = await servedDocument(folder, 'catalog-v2.json')
    return () => rm(folder, { recursive: true, force: true })
  })

  test('the service and Prism agree on good and bad requests, prices like 19.99 included', async ({
    assert,
  }) => {
    const created = await exchange('POST', '/api/v1/catalog/', { name: 'Pen', price: 19.99 })
    const id = JSON.parse(created.responseBody) as string
    const traffic = [
      created,
      await exchange('GET', `/api/v1.0/catalog/${id}`),
      await exchange('GET', `/api/catalog/${id}?api-version=1.0`),
      await exchange('POST', '/api/v1/catalog', { name: 'Pen', price: 1.234 }),
      await exchange('POST', '/api/v1/catalog', { name: 'Pen', price: 2, bogus: true }),
      await exchange('GET', '/api/v1/catalog/not-an-id'),
    ]
    assert.deepEqual(
      traffic.map(({ status }) => status),
      [201, 200, 200, 400, 400, 404]
    )

    const report = await replayThroughPrism(traffic, [document])
    assert.deepEqual(report.problems, [])
    assert.equal(report.judged, traffic.length)
    // 19.99 in the create's body: Prism's division calls it no multiple of 0.01.
    assert.isAtLeast(report.floatFindings, 1)
  })

  test('a version named outside the URL is replayed at the path of that version', async ({
    assert,
  }) => {
    // Only 1.0's document lists /api/catalog: 2.0's describes these as /api/v2/catalog.
    const body = { name: 'Desk', price: 120, category: 'Furniture' }
    const created = await exchange('POST', '/api/catalog', body, { 'x-api-version': '2.0' })
    const id = JSON.parse(created.responseBody) as string
    const traffic = [
      created,
      await exchange('GET', `/api/catalog/${id}?api-version=2`),
      await exchange('GET', `/api/catalog/${id}`, undefined, { accept: 'application/json;v=2.0' }),
      await exchange('GET', `/api/catalog/${id}?api-version=1.0`),
      await exchange('DELETE', `/api/catalog/${id}?api-version=2.0`),
    ]
    assert.deepEqual(
      traffic.map(({ status }) => status),
      [201, 200, 200, 200, 204]
    )

    const report = await replayThroughPrism(traffic, [document, documentV2])
    assert.deepEqual(report.problems, [])
    assert.equal(report.judged, traffic.length)
  })

  test('a response or a status that drifted from the document is reported', async ({ assert }) => {
    const created = await exchange('POST', '/api/v1/catalog', { name: 'Pen', price: 3 })
    const badRequest = await exchange('POST', '/api/v1/catalog', { name: 'Pen', price: 1.234 })
    const traffic: Exchange[] = [
      { ...created, responseBody: '12345' },
      // A price of three decimals accepted: Prism's multipleOf finding is real here.
      { ...badRequest, status: 201, responseBody: created.responseBody },
    ]

    const report = await replayThroughPrism(traffic, [document])
    assert.deepEqual(
      report.problems.map(({ index }) => index),
      [0, 1]
    )
    assert.match(report.problems[0].problems.join('\n'), /response\.body: .*must be string/)
    assert.match(
      report.problems[1].problems.join('\n'),
      /accepted \(201\) a request no document allows: .*price .*multiple of 0\.01/
    )
  })
})
