import { test } from '@japa/runner'
import { connect } from 'node:net'
import { rawRequest } from '#tests/common/raw_request'
import { startServerProcess } from '#tests/common/server_process'
import { testPort } from '#tests/common/test_ports'

const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000'
const PROBLEM_JSON = 'application/problem+json; charset=utf-8'
const CONNECT_PORT = testPort(146)

test.group('HTTP methods: a path that exists', () => {
  test('{method} {path} answers 405 with Allow: {allow}')
    .with([
      { method: 'POST', path: '/health/live', allow: 'GET, HEAD, OPTIONS' },
      { method: 'PUT', path: `/api/catalog/${UNKNOWN_ID}`, allow: 'GET, HEAD, DELETE, OPTIONS' },
      { method: 'PATCH', path: '/api/v2/catalog', allow: 'POST, OPTIONS' },
      { method: 'DELETE', path: '/api/orders/sample', allow: 'GET, HEAD, OPTIONS' },
      { method: 'TRACE', path: '/api/catalog/sample', allow: 'GET, HEAD, OPTIONS' },
    ])
    .run(async ({ assert }, { method, path, allow }) => {
      const response = await rawRequest(method, path)
      assert.equal(response.status, 405)
      assert.equal(response.headers.allow, allow)
      assert.equal(response.contentType, PROBLEM_JSON)
      assert.containsSubset(response.body, {
        status: 405,
        title: 'Method Not Allowed',
        code: 'Route.MethodNotAllowed',
        instance: path,
      })
    })

  test('a path that does not exist stays 404 for any method', async ({ assert }) => {
    for (const method of ['GET', 'PUT', 'OPTIONS']) {
      const response = await rawRequest(method, '/api/catalog/nowhere/else')
      assert.equal(response.status, 404)
      assert.notProperty(response.headers, 'allow')
      assert.containsSubset(response.body, { code: 'Route.NotFound' })
    }
  })

  test('HEAD answers {path} as GET does, without the body')
    .with([
      { path: '/api/catalog/sample' },
      { path: '/api/v2/catalog/sample' },
      { path: `/api/v2/catalog/${UNKNOWN_ID}` },
      { path: '/api/orders/sample' },
      { path: '/health/live' },
      { path: '/openapi/catalog-v1.json' },
    ])
    .run(async ({ assert }, { path }) => {
      const get = await rawRequest('GET', path)
      const head = await rawRequest('HEAD', path)
      assert.equal(head.status, get.status)
      assert.equal(head.contentType, get.contentType)
      assert.equal(head.headers['content-length'], get.headers['content-length'])
      assert.equal(head.headers['api-supported-versions'], get.headers['api-supported-versions'])
      assert.isUndefined(head.body)
    })

  test('OPTIONS {path} answers 204 with Allow: {allow}')
    .with([
      {
        path: `/api/catalog/${UNKNOWN_ID}`,
        allow: 'GET, HEAD, DELETE, OPTIONS',
        versions: '1.0, 2.0',
      },
      { path: '/api/v1/catalog', allow: 'POST, OPTIONS', versions: '1.0, 2.0' },
      { path: '/api/orders/sample', allow: 'GET, HEAD, OPTIONS', versions: '1.0' },
      { path: '/health/ready', allow: 'GET, HEAD, OPTIONS', versions: undefined },
    ])
    .run(async ({ assert }, { path, allow, versions }) => {
      const response = await rawRequest('OPTIONS', path)
      assert.equal(response.status, 204)
      assert.equal(response.headers.allow, allow)
      assert.equal(response.headers['api-supported-versions'], versions)
      assert.isUndefined(response.body)
    })
})

/** Sends a CONNECT request on a raw socket; resolves with everything the server wrote back. */
function sendConnect(target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = ''
    const socket = connect(CONNECT_PORT, '127.0.0.1', () =>
      socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`)
    )
    socket.setEncoding('utf8')
    socket.setTimeout(5000, () => socket.destroy(new Error(`no answer yet: ${received}`)))
    socket.on('data', (chunk: string) => (received += chunk))
    socket.on('error', reject)
    socket.on('close', () => resolve(received))
  })
}

test.group('HTTP methods: CONNECT', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  test('is answered 405 problem details, not with a closed socket', async ({ assert }) => {
    const server = await startServerProcess({
      NODE_ENV: 'production',
      APP_KEY: 'a-production-key-that-is-long-enough-123',
      HOST: '127.0.0.1',
      PORT: String(CONNECT_PORT),
      DB_CONNECTION: 'sqlite',
      SQLITE_FILENAME: 'tmp/connect-method.sqlite3',
      OUTBOX_RELAY: 'off',
    })
    try {
      for (const target of ['example.com:443', '/api/catalog/sample']) {
        const answer = await sendConnect(target)
        const [head, body] = answer.split('\r\n\r\n')
        assert.match(head, /^HTTP\/1\.1 405 Method Not Allowed\r\n/)
        assert.match(head, /\r\ncontent-type: application\/problem\+json; charset=utf-8\r\n/i)
        assert.match(head, /\r\nallow: /i)
        assert.containsSubset(JSON.parse(body), { status: 405, code: 'Route.MethodNotAllowed' })
      }
      // The server keeps answering afterwards.
      const live = await fetch(`http://127.0.0.1:${CONNECT_PORT}/health/live`)
      assert.equal(live.status, 200)
    } finally {
      await server.stop()
    }
  }).timeout(30_000)
})
