import { test } from '@japa/runner'
import { rm } from 'node:fs/promises'
import { startServerProcess } from '#tests/common/server_process'
import { testPort } from '#tests/common/test_ports'

/** Ports of the servers started here, apart from this suite's own (TEST_PORT, 5100 by default). */

test.group('Catalog createdAt in any time zone', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  test('a v2 product reads back the instant it was created, with the server in {timeZone}')
    .with([
      { timeZone: 'America/Los_Angeles', port: testPort(131) },
      { timeZone: 'Asia/Tokyo', port: testPort(132) },
    ])
    .run(async ({ assert, cleanup }, { timeZone, port }) => {
      const database = `tmp/created-at-${port}.sqlite3`
      await rm(database, { force: true })
      const server = await startServerProcess({
        NODE_ENV: 'development',
        TZ: timeZone,
        HTTPS_ENABLED: 'false',
        HOST: '127.0.0.1',
        PORT: String(port),
        DB_CONNECTION: 'sqlite',
        SQLITE_FILENAME: database,
        DB_AUTO_MIGRATE: 'true',
        OUTBOX_RELAY: 'off',
      })
      cleanup(async () => {
        await server.stop()
        await rm(database, { force: true })
      })
      const base = `http://127.0.0.1:${port}/api/v2/catalog`

      const before = Date.now()
      const created = await fetch(base, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Tea', price: 3.5, category: 'Drinks' }),
      })
      const after = Date.now()
      assert.equal(created.status, 201, await created.clone().text())
      const read = await fetch(`http://127.0.0.1:${port}${created.headers.get('location')}`)
      assert.equal(read.status, 200)
      const { createdAt } = (await read.json()) as { createdAt: string }
      // Stored to the millisecond as UTC: within the request, not hours away.
      assert.isAtLeast(Date.parse(createdAt), before)
      assert.isAtMost(Date.parse(createdAt), after)
      assert.match(createdAt, /Z$/)
    })
    .timeout(60_000)
})
