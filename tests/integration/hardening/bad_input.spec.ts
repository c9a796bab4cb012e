import { test } from '@japa/runner'
import fc from 'fast-check'
import { jsonBodies } from '#tests/common/bad_requests/bodies'
import { contentTypes } from '#tests/common/bad_requests/headers'
import { paths } from '#tests/common/bad_requests/paths'
import { versions } from '#tests/common/bad_requests/values'

/*
 * Property-based: thousands of generated requests, good and bad, to every endpoint. Whatever
 * arrives, the answer is the documented success or a 4xx problem-details document, never a 5xx,
 * and the server keeps answering afterwards. The generators are shared with the chaos run
 * (`npm run chaos`), which adds broken framing, odd methods, headers and encodings.
 */

const RUNS = 2000
const base = () => `http://${process.env.HOST}:${process.env.PORT}`

const requests = fc.record({
  method: fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH'),
  path: paths,
  queryVersion: fc.option(versions, { nil: undefined }),
  headerVersion: fc.option(versions, { nil: undefined }),
  body: jsonBodies,
  contentType: contentTypes,
})

test.group('Hardening: bad input', () => {
  test(`${RUNS} generated requests never get a 5xx, and failures are problem details`, async ({
    assert,
  }) => {
    let sent = 0
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        const url = new URL(request.path, base())
        if (request.queryVersion !== undefined)
          url.searchParams.set('api-version', request.queryVersion)
        const headers: Record<string, string> = {}
        if (request.contentType) headers['content-type'] = request.contentType
        if (request.headerVersion !== undefined)
          headers['x-api-version'] = request.headerVersion.replace(/[^\x20-\x7e]/g, '?')
        const hasBody = request.method !== 'GET' && request.body !== undefined
        const response = await fetch(url, {
          method: request.method,
          headers,
          body: hasBody ? request.body : undefined,
        })
        const text = await response.text()
        sent += 1
        const context = `${request.method} ${url.pathname}${url.search} (${request.contentType}) → ${response.status} ${text.slice(0, 300)}`
        assert.isBelow(response.status, 500, context)
        if (response.status >= 400) {
          assert.match(
            response.headers.get('content-type') ?? '',
            /^application\/problem\+json/,
            context
          )
          const problem = JSON.parse(text)
          assert.equal(problem.status, response.status, context)
          assert.isString(problem.code, context)
        }
      }),
      { numRuns: RUNS }
    )
    assert.isAtLeast(sent, RUNS)

    const health = await fetch(new URL('/api/catalog/sample', base()))
    assert.equal(health.status, 200)
  }).timeout(240_000)
})
