import { test } from '@japa/runner'
import { request as httpsRequest } from 'node:https'
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { startServerProcess } from '#tests/common/server_process'

const SQLITE_FILENAME = 'tmp/host-process-test.sqlite3'
const CERTIFICATE = app.tmpPath('dev-certificate/localhost.crt')

/** GET over HTTPS accepting the self-signed development certificate. */
function httpsGet(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { rejectUnauthorized: false }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

test.group('Host process', (group) => {
  group.each.setup(async () => {
    await rm(app.makePath(SQLITE_FILENAME), { force: true })
  })

  test('in development it serves HTTP and HTTPS and applies migrations before the first request', async ({
    assert,
  }) => {
    const server = await startServerProcess({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '5201',
      HTTPS_PORT: '5202',
      DB_CONNECTION: 'sqlite',
      SQLITE_FILENAME,
    })
    try {
      const created = await fetch('http://127.0.0.1:5201/api/catalog', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'First request', price: 1 }),
      })
      assert.equal(created.status, 201)

      const secure = await httpsGet('https://127.0.0.1:5202/api/catalog/sample')
      assert.deepEqual(secure, { status: 200, body: '"Catalog module is running"' })
      assert.isTrue(existsSync(CERTIFICATE))
    } finally {
      assert.equal(await server.stop(), 0)
    }
  }).timeout(40_000)

  test('outside development only the HTTP listener runs', async ({ assert }) => {
    const server = await startServerProcess({
      NODE_ENV: 'production',
      APP_KEY: 'a-production-key-that-is-long-enough-123',
      HOST: '127.0.0.1',
      PORT: '5203',
      HTTPS_PORT: '5204',
      DB_CONNECTION: 'sqlite',
      SQLITE_FILENAME,
    })
    try {
      await assert.rejects(() => httpsGet('https://127.0.0.1:5204/api/catalog/sample'))
    } finally {
      await server.stop()
    }
  }).timeout(40_000)

  test('HTTPS_ENABLED=false switches the development HTTPS listener off', async ({ assert }) => {
    const server = await startServerProcess({
      NODE_ENV: 'development',
      HTTPS_ENABLED: 'false',
      HOST: '127.0.0.1',
      PORT: '5205',
      HTTPS_PORT: '5206',
      DB_CONNECTION: 'sqlite',
      SQLITE_FILENAME,
    })
    try {
      await assert.rejects(() => httpsGet('https://127.0.0.1:5206/api/catalog/sample'))
    } finally {
      await server.stop()
    }
  }).timeout(40_000)
})
