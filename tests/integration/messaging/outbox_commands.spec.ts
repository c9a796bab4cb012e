import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import OutboxList from '#commands/outbox_list'
import OutboxRetry from '#commands/outbox_retry'
import { OUTBOX_TABLE } from '#building_blocks/infrastructure/messaging/outbox'
import { OutboxRelay } from '#building_blocks/infrastructure/messaging/outbox_relay'
import { runCommand } from '#tests/common/scaffolding'

const DEAD_ID = '01900000-0000-7000-8000-0000000000dd'

test.group('Outbox commands', (group) => {
  group.setup(async () => {
    const hostRelay = await app.container.make(OutboxRelay)
    await hostRelay.stop()
    return () => hostRelay.start()
  })
  group.each.setup(async () => {
    await db.from(OUTBOX_TABLE).where('id', DEAD_ID).delete()
    const now = new Date().toISOString()
    await db.table(OUTBOX_TABLE).insert({
      id: DEAD_ID,
      type: 'tests.dead',
      version: 1,
      payload: '{}',
      occurred_at: now,
      status: 'dead',
      attempts: 5,
      next_attempt_at: now,
      last_error: 'consumer is broken',
    })
    return async () => {
      await db.from(OUTBOX_TABLE).where('id', DEAD_ID).delete()
    }
  })

  test('outbox:list --failed shows the dead letters with their error', async ({ assert }) => {
    const { exitCode, output } = await runCommand(OutboxList, ['--failed', '--json'])
    assert.equal(exitCode, 0)
    const dead = JSON.parse(output).find((row: { id: string }) => row.id === DEAD_ID)
    assert.containsSubset(dead, { status: 'dead', last_error: 'consumer is broken' })
  })

  test('outbox:retry <id> puts a dead letter back in line', async ({ assert }) => {
    const { exitCode } = await runCommand(OutboxRetry, [DEAD_ID])
    assert.equal(exitCode, 0)
    const row = await db.from(OUTBOX_TABLE).where('id', DEAD_ID).firstOrFail()
    assert.equal(row.status, 'pending')
    assert.equal(Number(row.attempts), 0)
  })

  test('outbox:retry without ids or --all-failed says what it needs', async ({ assert }) => {
    const { exitCode, output } = await runCommand(OutboxRetry, [])
    assert.equal(exitCode, 1)
    assert.include(output, 'Give the ids of the events to retry, or --all-failed')
  })
})
