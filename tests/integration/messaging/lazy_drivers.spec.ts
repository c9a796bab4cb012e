import { test } from '@japa/runner'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import app from '@adonisjs/core/services/app'
import { startServerProcess } from '#tests/common/server_process'
import { removeNamespace } from '#tests/common/broker_namespace'
import { testPort } from '#tests/common/test_ports'

const RECORDER = fileURLToPath(new URL('../../fixtures/record_driver_imports.mjs', import.meta.url))

/** The broker drivers a host process loaded while it started and served a create and a read. */
async function driversLoadedBy(transport: string, port: number): Promise<Set<string>> {
  const record = app.tmpPath(`drivers-${transport}.txt`)
  const database = app.tmpPath(`drivers-${transport}.sqlite3`)
  writeFileSync(record, '')
  const server = await startServerProcess({
    HOST: '127.0.0.1',
    PORT: String(port),
    HTTPS_ENABLED: 'false',
    DB_CONNECTION: 'sqlite',
    SQLITE_FILENAME: database,
    DB_AUTO_MIGRATE: 'true',
    MESSAGE_TRANSPORT: transport,
    MESSAGE_NAMESPACE: `pantheon-lazy-${port}`,
    RECORD_IMPORTS_FILE: record,
    NODE_OPTIONS: `--import=${RECORDER}`,
  })
  try {
    const created = await fetch(`http://127.0.0.1:${port}/api/v1/catalog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Lazy lamp', price: 5 }),
    })
    if (created.status !== 201) throw new Error(`create answered ${created.status}`)
    await fetch(`http://127.0.0.1:${port}/health/ready`)
    // The relay delivers after the commit; give it the moment it needs.
    await new Promise((resolve) => setTimeout(resolve, 300))
    return new Set(readFileSync(record, 'utf8').split('\n').filter(Boolean))
  } finally {
    await server.stop()
    if (transport !== 'memory')
      await removeNamespace(transport as 'rabbitmq', `pantheon-lazy-${port}`)
    for (const file of [record, database, `${database}-wal`, `${database}-shm`])
      rmSync(file, { force: true })
  }
}

test.group('Broker drivers are loaded on demand', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  test('a host on the memory transport never loads amqplib or ioredis', async ({ assert }) => {
    assert.deepEqual([...(await driversLoadedBy('memory', testPort(124)))], [])
  }).timeout(60_000)

  test('a host on rabbitmq does load amqplib (the recorder sees driver imports)', async ({
    assert,
  }) => {
    const drivers = await driversLoadedBy('rabbitmq', testPort(125))
    assert.isTrue(drivers.has('amqplib'))
  }).timeout(60_000)
})
