import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import OutboxList from '#commands/outbox_list'
import OutboxRetry from '#commands/outbox_retry'
import { OUTBOX_TABLE } from '@pantheon/kit/messaging'
import { runCommand } from '#tests/common/scaffolding'
import { pauseHostRelay } from '#tests/common/host_relay'

const FAILING_ID = '01900000-0000-7000-8000-0000000000dd'

test.group('Outbox commands', (group) => {
  group.setup(() => pauseHostRelay())
  group.each.setup(async () => {
    await db.from(OUTBOX_TABLE).where('id', FAILING_ID).delete()
    const now = new Date()
    await db.table(OUTBOX_TABLE).insert({
      id: FAILING_ID,
      type: 'tests.failing',
      version: 1,
      payload: '{}',
      occurred_at: now.toISOString(),
      status: 'pending',
      attempts: 3,
      next_attempt_at: new Date(now.getTime() + 3_600_000).toISOString(),
      last_error: 'broker unreachable',
    })
    return async () => {
      await db.from(OUTBOX_TABLE).where('id', FAILING_ID).delete()
    }
  })

  test('outbox:list --failed shows events whose publish failed, with their error', async ({
    assert,
  }) => {
    const { exitCode, output } = await runCommand(OutboxList, ['--failed', '--json'])
    assert.equal(exitCode, 0)
    const failing = JSON.parse(output).find((row: { id: string }) => row.id === FAILING_ID)
    assert.containsSubset(failing, { status: 'pending', last_error: 'broker unreachable' })
  })

  test('outbox:retry <id> makes a failing event due now', async ({ assert }) => {
    const { exitCode } = await runCommand(OutboxRetry, [FAILING_ID])
    assert.equal(exitCode, 0)
    const row = await db.from(OUTBOX_TABLE).where('id', FAILING_ID).firstOrFail()
    assert.equal(row.status, 'pending')
    assert.isAtMost(new Date(row.next_attempt_at).getTime(), Date.now())
  })

  test('outbox:retry without ids or --all-failed says what it needs', async ({ assert }) => {
    const { exitCode, output } = await runCommand(OutboxRetry, [])
    assert.equal(exitCode, 1)
    assert.include(output, 'Give the ids of the events to retry, or --all-failed')
  })
})
