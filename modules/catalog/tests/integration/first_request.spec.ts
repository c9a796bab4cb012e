// Written by hand: the first request a host serves, before anything is warm.
import { test } from '@japa/runner'
import { rm } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { startServerProcess } from '#tests/common/server_process'
import { testPort } from '#tests/common/test_ports'

const SQLITE_FILENAME = 'tmp/catalog-first-request.sqlite3'

test.group('Catalog on a fresh database', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  group.each.setup(() => rm(app.makePath(SQLITE_FILENAME), { force: true }))

  test('the first request after a development start works: migrations ran before listening', async ({
    assert,
  }) => {
    const server = await startServerProcess({
      NODE_ENV: 'development',
      HTTPS_ENABLED: 'false',
      HOST: '127.0.0.1',
      PORT: String(testPort(107)),
      DB_CONNECTION: 'sqlite',
      SQLITE_FILENAME,
    })
    try {
      const created = await fetch(`http://127.0.0.1:${testPort(107)}/api/catalog`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'First request', price: 1 }),
      })
      assert.equal(created.status, 201)
    } finally {
      assert.equal(await server.stop(), 0)
    }
  }).timeout(40_000)
})
