import { test } from '@japa/runner'
import { eventually, MessagingDeployment } from './messaging_host.js'
import { testPort } from '#tests/common/test_ports'

/*
 * The documented SQLite set-up: a host started with OUTBOX_RELAY=off and `node ace outbox:relay`
 * beside it, two processes writing one database file. Creates keep coming while the relay
 * claims and marks batches; no transaction of either process may fail with "database is
 * locked" (deferred transactions did: they read, then could not write on a snapshot another
 * process had moved past), and every event is sent.
 */
const PORT = testPort(126)
const WRITERS = 10
const WRITING_MS = 6_000

test.group('SQLite with the relay in its own process', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  test('creates and the relay share the database file without a lock failure', async ({
    assert,
    cleanup,
  }) => {
    const deployment = new MessagingDeployment('redis', 6379, { OUTBOX_RELAY: 'off' })
    const host = await deployment.startHost(PORT, { LOG_LEVEL: 'warn' })
    const relay = deployment.startRelay()
    let relayOutput = ''
    relay.stdout?.on('data', (chunk) => (relayOutput += chunk))
    relay.stderr?.on('data', (chunk) => (relayOutput += chunk))
    cleanup(async () => {
      relay.kill('SIGKILL')
      await host.stop()
      deployment.removeFiles()
      await deployment.removeBrokerState()
    })

    const statuses: number[] = []
    const until = Date.now() + WRITING_MS
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, writer) => {
        for (let n = 0; Date.now() < until; n++) {
          const response = await fetch(`http://127.0.0.1:${PORT}/api/v1/catalog`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: `Shared file ${writer}-${n}`, price: 10 }),
          })
          await response.arrayBuffer()
          statuses.push(response.status)
        }
      })
    )

    assert.isAbove(statuses.length, 100, 'the host took creates while the relay ran')
    assert.deepEqual(
      statuses.filter((status) => status !== 201),
      [],
      'every create answered 201'
    )
    await eventually(
      async () =>
        deployment.query<{ n: number }>(
          "select count(*) as n from pantheon_outbox where status = 'sent'"
        )[0].n === statuses.length,
      'every event sent by the relay',
      30_000
    )
    assert.notMatch(`${host.output()}${relayOutput}`, /database is locked/)
  }).timeout(60_000)
})
