import { test } from '@japa/runner'
import type { IncomingHttpHeaders } from 'node:http'
import { rawRequest } from '#tests/common/raw_request'
import { startServerProcess, type RunningServer } from '#tests/common/server_process'
import { startLimitedHost, uniqueClientAddress } from '#tests/common/limited_host'
import { testPort } from '#tests/common/test_ports'

/*
 * Security headers on every answer, whatever gives it; Strict-Transport-Security on production
 * answers over HTTPS only; the OpenAPI documents off in production unless API_DOCS_ENABLED=true,
 * and off anywhere with API_DOCS_ENABLED=false. Host processes on ports TEST_PORT + 230 to 232.
 */

/** The suite's own server (bin/test.ts sets HOST and PORT). */
const ORIGIN = `http://${process.env.HOST}:${process.env.PORT}`

const NAMES = [
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'content-security-policy',
  'strict-transport-security',
] as const

/** On every answer outside production, or over plain HTTP. */
const BESIDE_THE_POLICY = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': null,
}

/** With the policy of every answer but the reference page's. */
const ON_EVERY_ANSWER = {
  ...BESIDE_THE_POLICY,
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
}

function securityHeaders(headers: Headers | IncomingHttpHeaders) {
  const read = (name: string) =>
    headers instanceof Headers ? headers.get(name) : ((headers[name] as string) ?? null)
  return Object.fromEntries(NAMES.map((name) => [name, read(name)]))
}

/** A GET to a production host, as a new client each time unless the headers name one. */
function getFrom(port: number, path: string, headers: Record<string, string> = {}) {
  return fetch(`http://127.0.0.1:${port}${path}`, {
    headers: { 'x-forwarded-for': uniqueClientAddress(), ...headers },
  })
}

test.group('Security headers', (group) => {
  group.tap((t) => t.tags(['@any-database']))

  test('{answer} carries them')
    .with([
      { answer: 'a module endpoint', method: 'GET', path: '/api/catalog/sample', status: 200 },
      { answer: 'an unknown path', method: 'GET', path: '/api/nowhere', status: 404 },
      { answer: 'a refused body', method: 'POST', path: '/api/catalog', status: 400, body: '{' },
      {
        answer: 'a method the path does not take',
        method: 'PUT',
        path: '/health/live',
        status: 405,
      },
      { answer: 'OPTIONS', method: 'OPTIONS', path: '/api/catalog', status: 204 },
      { answer: 'the liveness probe', method: 'GET', path: '/health/live', status: 200 },
      { answer: 'the readiness probe', method: 'GET', path: '/health/ready', status: 200 },
      {
        answer: 'an OpenAPI document',
        method: 'GET',
        path: '/openapi/catalog-v1.json',
        status: 200,
      },
    ])
    .run(async ({ assert }, { method, path, status, body }) => {
      const response = await fetch(`${ORIGIN}${path}`, {
        method,
        body,
        headers: body ? { 'content-type': 'application/json' } : {},
      })
      assert.equal(response.status, status)
      assert.deepEqual(securityHeaders(response.headers), ON_EVERY_ANSWER)
    })

  test('a URL AdonisJS cannot decode, answered before any route, carries them', async ({
    assert,
  }) => {
    const response = await rawRequest('GET', '/api/catalog/%ZZ')
    assert.equal(response.status, 400)
    assert.deepEqual(securityHeaders(response.headers), ON_EVERY_ANSWER)
  })

  test('the reference page has a policy of its own, and no site may frame it', async ({
    assert,
  }) => {
    const response = await fetch(`${ORIGIN}/docs`)
    assert.equal(response.status, 200)
    const { 'content-security-policy': policy, ...others } = securityHeaders(response.headers)
    assert.deepEqual(others, BESIDE_THE_POLICY)
    assert.include(policy, "default-src 'none'")
    assert.include(policy, "script-src 'self' 'sha256-")
    assert.include(policy, "frame-ancestors 'none'")
  })

  test('no Strict-Transport-Security outside production, even over HTTPS', async ({ assert }) => {
    // Loopback is a trusted proxy: AdonisJS takes X-Forwarded-Proto from it.
    const response = await fetch(`${ORIGIN}/api/catalog/sample`, {
      headers: { 'x-forwarded-proto': 'https' },
    })
    assert.isNull(response.headers.get('strict-transport-security'))
  })
})

test.group('Security headers and API documents, production host', (group) => {
  group.tap((t) => t.tags(['@slow', '@any-database']))
  const PORT = testPort(230)
  let host: RunningServer
  group.setup(async () => {
    host = await startLimitedHost(PORT, {
      RATE_LIMIT_REQUESTS: '2',
      SQLITE_FILENAME: 'tmp/security-headers-test.sqlite3',
    })
    return () => host.stop().then(() => {})
  })

  test('answers over HTTPS carry Strict-Transport-Security, those over HTTP do not', async ({
    assert,
  }) => {
    const secure = await getFrom(PORT, '/api/catalog/sample', { 'x-forwarded-proto': 'https' })
    assert.equal(secure.status, 200)
    assert.deepEqual(securityHeaders(secure.headers), {
      ...ON_EVERY_ANSWER,
      'strict-transport-security': 'max-age=31536000',
    })
    const plain = await getFrom(PORT, '/api/catalog/sample', { 'x-forwarded-proto': 'http' })
    assert.deepEqual(securityHeaders(plain.headers), ON_EVERY_ANSWER)
    const unknown = await getFrom(PORT, '/api/nowhere', { 'x-forwarded-proto': 'https' })
    assert.equal(unknown.status, 404)
    assert.equal(unknown.headers.get('strict-transport-security'), 'max-age=31536000')
  })

  test('a rate-limited 429 carries them', async ({ assert }) => {
    const client = { 'x-forwarded-for': uniqueClientAddress() }
    for (let i = 0; i < 2; i++) await getFrom(PORT, '/api/catalog/sample', client)
    const refused = await getFrom(PORT, '/api/catalog/sample', client)
    assert.equal(refused.status, 429)
    assert.deepEqual(securityHeaders(refused.headers), ON_EVERY_ANSWER)
  })

  test('serves no OpenAPI document by default: each answers as an unknown path does', async ({
    assert,
  }) => {
    const unknown = await getFrom(PORT, '/openapi/nowhere-v1.json')
    const paths = ['/openapi/catalog-v1.json', '/openapi/orders-v1.json', '/asyncapi/catalog.json']
    for (const path of [...paths, '/docs']) {
      const response = await getFrom(PORT, path)
      assert.equal(response.status, 404, path)
      assert.equal(response.headers.get('content-type'), unknown.headers.get('content-type'))
      assert.deepEqual(securityHeaders(response.headers), ON_EVERY_ANSWER)
      assert.containsSubset(await response.json(), {
        status: 404,
        code: 'Route.NotFound',
        instance: path,
      })
    }
  })
})

test.group('API documents, production host with API_DOCS_ENABLED=true', (group) => {
  group.tap((t) => t.tags(['@slow', '@any-database']))
  const PORT = testPort(231)
  let host: RunningServer
  group.setup(async () => {
    host = await startLimitedHost(PORT, {
      API_DOCS_ENABLED: 'true',
      SQLITE_FILENAME: 'tmp/security-headers-docs-test.sqlite3',
    })
    return () => host.stop().then(() => {})
  })

  test('serves the OpenAPI documents; the reference page stays a development tool', async ({
    assert,
  }) => {
    const document = await getFrom(PORT, '/openapi/catalog-v1.json')
    assert.equal(document.status, 200)
    assert.deepEqual(securityHeaders(document.headers), ON_EVERY_ANSWER)
    const { openapi } = (await document.json()) as { openapi: string }
    assert.match(openapi, /^3\.1\./)
    const events = await getFrom(PORT, '/asyncapi/catalog.json')
    assert.equal(events.status, 200)
    assert.equal(((await events.json()) as { asyncapi: string }).asyncapi, '3.0.0')
    const page = await getFrom(PORT, '/docs')
    assert.equal(page.status, 404)
  })
})

test.group('API documents, development host with API_DOCS_ENABLED=false', (group) => {
  group.tap((t) => t.tags(['@slow', '@any-database']))
  const PORT = testPort(232)
  let host: RunningServer
  group.setup(async () => {
    host = await startServerProcess(
      {
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(PORT),
        HTTPS_ENABLED: 'false',
        DB_CONNECTION: 'sqlite',
        SQLITE_FILENAME: 'tmp/security-headers-dev-test.sqlite3',
        OUTBOX_RELAY: 'off',
        API_DOCS_ENABLED: 'false',
      },
      { readyPath: '/health/live' }
    )
    return () => host.stop().then(() => {})
  })

  test('serves neither the documents nor the reference page that shows them', async ({
    assert,
  }) => {
    for (const path of ['/openapi/catalog-v1.json', '/asyncapi/catalog.json', '/docs']) {
      const response = await getFrom(PORT, path)
      assert.equal(response.status, 404, path)
      assert.containsSubset(await response.json(), { code: 'Route.NotFound', instance: path })
    }
  })
})
