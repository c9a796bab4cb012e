import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import type { RunningServer } from '#tests/common/server_process'
import { getAs, startLimitedHost, uniqueClientAddress } from '#tests/common/limited_host'
import { servedContract } from '#tests/common/contract/contract_plugin'
import { testPort } from '#tests/common/test_ports'

/*
 * The per-client rate limit, on real host processes started with a low limit (the suite's own
 * server has a ceiling it never reaches). Ports TEST_PORT + 201 to 206.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function statusOf(port: number, path: string, address?: string) {
  const response = await getAs(port, path, address)
  return response.status
}

async function statuses(port: number, path: string, count: number, address?: string) {
  const seen: number[] = []
  for (let i = 0; i < count; i++) seen.push(await statusOf(port, path, address))
  return seen
}

test.group('Rate limit, memory store', (group) => {
  group.tap((t) => t.tags(['@slow', '@any-database']))
  const PORT = testPort(201)
  let host: RunningServer
  group.setup(async () => {
    host = await startLimitedHost(PORT, {
      RATE_LIMIT_REQUESTS: '3',
      RATE_LIMIT_WINDOW: '2 seconds',
    })
    return () => host.stop().then(() => {})
  })

  test('over the limit a client gets 429 problem details with Retry-After, then is served again after the window', async ({
    assert,
  }) => {
    const client = uniqueClientAddress()
    const remaining: Array<string | null> = []
    for (let i = 0; i < 3; i++) {
      const response = await getAs(PORT, '/api/catalog/sample', client)
      assert.equal(response.status, 200)
      assert.equal(response.headers.get('x-ratelimit-limit'), '3')
      remaining.push(response.headers.get('x-ratelimit-remaining'))
    }
    assert.deepEqual(remaining, ['2', '1', '0'])

    const refused = await getAs(PORT, '/api/catalog/sample', client)
    assert.equal(refused.status, 429)
    assert.equal(refused.headers.get('content-type'), 'application/problem+json; charset=utf-8')
    const retryAfter = Number(refused.headers.get('retry-after'))
    assert.oneOf(retryAfter, [1, 2])
    assert.equal(refused.headers.get('x-ratelimit-remaining'), '0')
    assert.isNotNull(refused.headers.get('x-ratelimit-reset'))
    const text = await refused.text()
    const contract = await servedContract()
    const { violations } = contract.check({
      method: 'GET',
      path: '/api/catalog/sample',
      query: new URLSearchParams(),
      requestHeaders: {},
      status: refused.status,
      responseHeaders: Object.fromEntries(refused.headers),
      responseBody: text,
    })
    assert.deepEqual(violations, [], 'the 429 is the one the API documents declare')
    const problem = JSON.parse(text) as { detail: string; traceId: string }
    assert.containsSubset(problem, {
      status: 429,
      title: 'Too Many Requests',
      code: 'RateLimit.Exceeded',
      instance: '/api/catalog/sample',
    })
    assert.include(problem.detail, 'More than 3 requests in 2 seconds')
    assert.equal(problem.traceId, refused.headers.get('x-request-id'))

    await sleep(retryAfter * 1000 + 100)
    assert.equal(await statusOf(PORT, '/api/catalog/sample', client), 200)
  }).timeout(20_000)

  test('every request counts, unknown paths too, and the limit holds for all of them', async ({
    assert,
  }) => {
    const client = uniqueClientAddress()
    assert.deepEqual(await statuses(PORT, '/api/nowhere', 3, client), [404, 404, 404])
    assert.equal(await statusOf(PORT, '/api/catalog/sample', client), 429)
    assert.equal(await statusOf(PORT, '/openapi/catalog-v1.json', client), 429)
  })

  test('health probes are never limited, and do not count', async ({ assert }) => {
    const client = uniqueClientAddress()
    assert.deepEqual(await statuses(PORT, '/health/live', 10, client), Array(10).fill(200))
    const probe = await getAs(PORT, '/health/live', client)
    assert.isNull(probe.headers.get('x-ratelimit-limit'))
    assert.deepEqual(await statuses(PORT, '/api/catalog/sample', 4, client), [200, 200, 200, 429])
    assert.equal(await statusOf(PORT, '/health/live', client), 200)
  })

  test('only the real probes are exempt: other paths under /health/ count and are limited', async ({
    assert,
  }) => {
    const client = uniqueClientAddress()
    const unknown = await getAs(PORT, '/health/nope', client)
    assert.equal(unknown.status, 404)
    assert.equal(unknown.headers.get('x-ratelimit-limit'), '3')
    assert.deepEqual(await statuses(PORT, '/health/nope', 3, client), [404, 404, 429])
    assert.equal(await statusOf(PORT, '/health/ready-or-not', client), 429)
    assert.equal(await statusOf(PORT, '/health/live', client), 200)
  })

  test('each client is counted on its own', async ({ assert }) => {
    const [first, second] = [uniqueClientAddress(), uniqueClientAddress()]
    assert.deepEqual(await statuses(PORT, '/api/catalog/sample', 4, first), [200, 200, 200, 429])
    assert.deepEqual(await statuses(PORT, '/api/catalog/sample', 3, second), [200, 200, 200])
    // The proxy's own address (loopback, no X-Forwarded-For) is yet another client.
    assert.equal(await statusOf(PORT, '/api/catalog/sample'), 200)
  })
})

test.group('Rate limit, client address', (group) => {
  group.tap((t) => t.tags(['@slow', '@any-database']))
  test('X-Forwarded-For names the client only when a trusted (loopback) proxy sent the request', async ({
    assert,
  }) => {
    const { IncomingMessage } = await import('node:http')
    const { Socket } = await import('node:net')
    const { default: testUtils } = await import('@adonisjs/core/services/test_utils')
    const addressSeenFrom = async (remoteAddress: string) => {
      const socket = new Socket()
      Object.defineProperty(socket, 'remoteAddress', { value: remoteAddress })
      const req = new IncomingMessage(socket)
      req.headers['x-forwarded-for'] = '198.18.0.7'
      const ctx = await testUtils.createHttpContext({ req })
      return ctx.request.ip()
    }

    assert.equal(await addressSeenFrom('127.0.0.1'), '198.18.0.7')
    assert.equal(await addressSeenFrom('203.0.113.9'), '203.0.113.9')
  })
})

test.group('Rate limit, redis store', (group) => {
  group.tap((t) => t.tags(['@slow', '@any-database']))
  const PORTS = [testPort(202), testPort(203)]
  const hosts: RunningServer[] = []
  const clients: string[] = []
  const redis = async () => {
    const manager = await app.container.make('redis')
    return manager.connection()
  }
  const keyOf = (client: string) => `pantheon:rate-limit:ip_${client}`

  group.setup(async () => {
    for (const port of PORTS) {
      hosts.push(
        await startLimitedHost(port, {
          RATE_LIMIT_STORE: 'redis',
          RATE_LIMIT_REQUESTS: '4',
          RATE_LIMIT_WINDOW: '2 seconds',
        })
      )
    }
    return async () => {
      await Promise.all(hosts.map((host) => host.stop()))
      if (clients.length > 0) {
        const connection = await redis()
        await connection.del(...clients.map(keyOf))
      }
    }
  })

  test('two hosts share one count per client, kept in Redis, and the window resets it', async ({
    assert,
  }) => {
    const client = uniqueClientAddress()
    clients.push(client)
    const [a, b] = PORTS
    const remaining: Array<string | null> = []
    for (const port of [a, b, a, b]) {
      const response = await getAs(port, '/api/catalog/sample', client)
      assert.equal(response.status, 200)
      remaining.push(response.headers.get('x-ratelimit-remaining'))
    }
    assert.deepEqual(remaining, ['3', '2', '1', '0'])

    const refused = await getAs(a, '/api/catalog/sample', client)
    assert.equal(refused.status, 429)
    assert.containsSubset(await refused.json(), { code: 'RateLimit.Exceeded' })
    assert.equal(await statusOf(b, '/api/catalog/sample', client), 429)
    const connection = await redis()
    assert.equal(await connection.get(keyOf(client)), '6')

    await sleep(Number(refused.headers.get('retry-after')) * 1000 + 100)
    assert.equal(await statusOf(b, '/api/catalog/sample', client), 200)
  }).timeout(20_000)

  test('readiness includes the Redis that keeps the counts', async ({ assert }) => {
    const response = await getAs(PORTS[0], '/health/ready')
    assert.equal(response.status, 200)
    assert.deepEqual(((await response.json()) as { checks: unknown }).checks, {
      'Database health check (sqlite)': 'ok',
      'Database schema': 'ok',
      'Database storage': 'ok',
      'Redis health check (main)': 'ok',
    })
  })

  test('clients are counted apart in Redis too', async ({ assert }) => {
    const [first, second] = [uniqueClientAddress(), uniqueClientAddress()]
    clients.push(first, second)
    assert.deepEqual(
      await statuses(PORTS[0], '/api/catalog/sample', 5, first),
      [200, 200, 200, 200, 429]
    )
    assert.deepEqual(
      await statuses(PORTS[1], '/api/catalog/sample', 4, second),
      [200, 200, 200, 200]
    )
  })
})

test.group('Rate limit, failures and switches', (group) => {
  group.tap((t) => t.tags(['@slow', '@any-database']))
  test('with Redis unreachable, requests are served unthrottled and the outage is logged once', async ({
    assert,
  }) => {
    const host = await startLimitedHost(testPort(204), {
      RATE_LIMIT_STORE: 'redis',
      RATE_LIMIT_REQUESTS: '1',
      REDIS_URL: 'redis://127.0.0.1:1',
    })
    try {
      const startedAt = performance.now()
      assert.deepEqual(await statuses(testPort(204), '/api/catalog/sample', 3), [200, 200, 200])
      assert.isBelow(performance.now() - startedAt, 3000)
      // The child's log reaches this process through a pipe, a moment after the responses.
      const warnings = () => host.output().split('rate limit store unavailable').length - 1
      const deadline = Date.now() + 2_000
      while (warnings() === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20))
      assert.equal(warnings(), 1, host.output())

      // Served, but not ready: a load balancer should prefer a host whose limit holds.
      const readiness = await getAs(testPort(204), '/health/ready')
      assert.equal(readiness.status, 503)
      assert.containsSubset(await readiness.json(), {
        code: 'Health.NotReady',
        checks: { 'Database health check (sqlite)': 'ok', 'Redis health check (main)': 'error' },
      })
    } finally {
      await host.stop()
    }
  }).timeout(30_000)

  test('RATE_LIMIT_STORE=off switches the limit off', async ({ assert }) => {
    const host = await startLimitedHost(testPort(205), {
      RATE_LIMIT_STORE: 'off',
      RATE_LIMIT_REQUESTS: '1',
    })
    try {
      assert.deepEqual(await statuses(testPort(205), '/api/catalog/sample', 3), [200, 200, 200])
      const response = await getAs(testPort(205), '/api/catalog/sample')
      assert.isNull(response.headers.get('x-ratelimit-limit'))
    } finally {
      await host.stop()
    }
  }).timeout(30_000)

  test('a window that is not a duration stops the start with a clear message', async ({
    assert,
  }) => {
    await assert.rejects(
      () => startLimitedHost(testPort(206), { RATE_LIMIT_WINDOW: 'every now and then' }),
      /RATE_LIMIT_WINDOW must be a duration of at least a second/
    )
  }).timeout(30_000)
})
