import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { ConnectionConfig } from '@adonisjs/lucid/types/database'

test.group('Health', (group) => {
  const name = db.primaryConnectionName
  let original: ConnectionConfig
  group.setup(() => {
    original = db.manager.get(name)!.config
  })
  group.each.teardown(() => db.manager.patch(name, original))

  test('live and ready answer 200 while the database answers', async ({ client }) => {
    const live = await client.get('/health/live')
    live.assertStatus(200)
    live.assertBody({ status: 'ok' })
    const ready = await client.get('/health/ready')
    ready.assertStatus(200)
    ready.assertBodyContains({ status: 'ok' })
  })

  test('ready answers 503 while the database cannot be reached; live still answers', async ({
    client,
  }) => {
    const unreachable =
      original.client === 'pg'
        ? { ...original, connection: 'postgres://postgres@127.0.0.1:1/test' }
        : { ...original, connection: { filename: '/nonexistent-pantheon-directory/x.sqlite3' } }
    db.manager.patch(name, unreachable as ConnectionConfig)

    const ready = await client.get('/health/ready')
    ready.assertStatus(503)
    ready.assertHeader('content-type', 'application/problem+json; charset=utf-8')
    ready.assertBodyContains({ code: 'Health.NotReady' })
    const live = await client.get('/health/live')
    live.assertStatus(200)

    db.manager.patch(name, original)
    const back = await client.get('/health/ready')
    back.assertStatus(200)
  }).timeout(15_000)
})
