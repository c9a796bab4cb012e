// Written by hand: requests in flight while the host stops.
import { test } from '@japa/runner'
import { request } from 'node:http'
import { rm } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { startServerProcess } from '#tests/common/server_process'
import { testPort } from '#tests/common/test_ports'

const SQLITE_FILENAME = 'tmp/catalog-shutdown.sqlite3'
const PORT = testPort(108)

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

test.group('Catalog during a graceful shutdown', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  group.each.setup(() => rm(app.makePath(SQLITE_FILENAME), { force: true }))

  test('a create in flight when SIGTERM arrives completes, then the host exits', async ({
    assert,
  }) => {
    const server = await startServerProcess({
      NODE_ENV: 'development',
      HTTPS_ENABLED: 'false',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DB_CONNECTION: 'sqlite',
      SQLITE_FILENAME,
    })
    const body = JSON.stringify({ name: 'In flight', price: 2.5 })
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: PORT,
          path: '/api/catalog',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          let text = ''
          res.on('data', (chunk) => (text += chunk))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
        }
      )
      req.on('error', reject)
      // Half the body now, the rest after the stop signal: the request is in flight.
      req.write(body.slice(0, 10))
      pause(300)
        .then(() => server.process.kill('SIGTERM'))
        .then(() => pause(300))
        .then(() => req.end(body.slice(10)))
    })

    const answered = await response
    assert.equal(answered.status, 201, answered.text)
    assert.equal(await server.stop(), 0)
    await assert.rejects(() => fetch(`http://127.0.0.1:${PORT}/`))
  }).timeout(40_000)
})
