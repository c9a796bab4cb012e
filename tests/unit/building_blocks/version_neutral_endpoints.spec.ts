import { test } from '@japa/runner'
import type { HttpRouterService } from '@adonisjs/core/types'
import { ApiReference, ApiVersionPolicy, type Endpoint } from '@pantheon/kit/http'
import { mountEndpoints } from '@pantheon/kit/modules'

function endpoint(path: string, apiVersionNeutral?: boolean): Endpoint {
  return { method: 'get', path, apiVersionNeutral, handle: async () => {} }
}

/** Mounting stops at the first inconsistency, before it touches the router. */
function mount(endpoints: Parameters<typeof mountEndpoints>[2]) {
  const untouched = {} as HttpRouterService
  const policy = new ApiVersionPolicy({ versions: ['1.0', '2.0'], defaultVersion: '1.0' })
  return () => mountEndpoints(untouched, 'shop', endpoints, policy, new ApiReference())
}

test.group('Version-neutral endpoints at boot', () => {
  test('a version-neutral endpoint in a version folder stops the boot', ({ assert }) => {
    assert.throws(
      mount([{ endpoint: endpoint('/status', true), version: '2.0', file: 'api/v2/status.ts' }]),
      'api/v2/status.ts is version-neutral: it belongs directly in api/, not in a version folder'
    )
  })

  test('a version-neutral route that a version also serves stops the boot', ({ assert }) => {
    assert.throws(
      mount([
        { endpoint: endpoint('/status', true), file: 'api/status.ts' },
        { endpoint: endpoint('/status'), version: '2.0', file: 'api/v2/status.ts' },
      ]),
      'api/v2/status.ts: GET /status has a version-neutral endpoint, so no version may serve it too'
    )
  })
})
