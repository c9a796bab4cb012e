// Written by hand: the answers while the database cannot be reached (503 within 5 seconds).
import { createServer, type Server, type Socket } from 'node:net'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { ConnectionConfig } from '@adonisjs/lucid/types/database'

/**
 * A TCP server that accepts connections and never answers: a database host that hangs.
 * Closing it drops every socket it accepted.
 */
async function startSilentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => sockets.add(socket))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    port,
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

/** The same connection, pointed somewhere the database cannot be reached. */
function unreachable(config: ConnectionConfig, port: number): ConnectionConfig {
  if (config.client === 'pg') {
    return { ...config, connection: `postgres://postgres@127.0.0.1:${port}/test` }
  }
  return {
    ...config,
    connection: { filename: '/nonexistent-pantheon-directory/catalog.sqlite3' },
  } as ConnectionConfig
}

test.group('Catalog API without a reachable database', (group) => {
  const connectionName = db.primaryConnectionName
  let original: ConnectionConfig
  let silentServer: Awaited<ReturnType<typeof startSilentServer>>

  group.setup(async () => {
    original = db.manager.get(connectionName)!.config
    silentServer = await startSilentServer()
    return () => silentServer.close()
  })
  group.each.teardown(() => db.manager.patch(connectionName, original))

  test('POST answers 503 Database.Unavailable within 5 seconds while sample still answers', async ({
    client,
    assert,
  }) => {
    db.manager.patch(connectionName, unreachable(original, silentServer.port))

    const startedAt = performance.now()
    const response = await client.post('/api/catalog').json({ name: 'Pen', price: 1 })
    const elapsedMs = performance.now() - startedAt

    response.assertStatus(503)
    response.assertHeader('content-type', 'application/problem+json; charset=utf-8')
    response.assertBodyContains({ status: 503, code: 'Database.Unavailable' })
    assert.isBelow(elapsedMs, 5000)

    const sample = await client.get('/api/catalog/sample')
    sample.assertStatus(200)
  }).timeout(15000)

  test('GET answers 503 too, and a refused connection is reported the same way', async ({
    client,
  }) => {
    db.manager.patch(connectionName, unreachable(original, 1))

    const response = await client.get('/api/catalog/01900000-0000-7000-8000-000000000000')

    response.assertStatus(503)
    response.assertBodyContains({ code: 'Database.Unavailable' })
  }).timeout(15000)

  test('requests succeed again once the database is back, without a restart', async ({
    client,
  }) => {
    db.manager.patch(connectionName, unreachable(original, silentServer.port))
    const down = await client.post('/api/catalog').json({ name: 'Pen', price: 1 })
    down.assertStatus(503)

    db.manager.patch(connectionName, original)
    const created = await client.post('/api/catalog').json({ name: 'Pen', price: 1 })
    created.assertStatus(201)
    const read = await client.get(created.header('location')!)
    read.assertBodyContains({ name: 'Pen', price: 1 })
  }).timeout(15000)
})
