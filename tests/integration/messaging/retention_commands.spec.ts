import { test } from '@japa/runner'
import InboxPurge from '#commands/inbox_purge'
import OutboxPurge from '#commands/outbox_purge'
import { INBOX_TABLE, OUTBOX_TABLE } from '@pantheon/kit/messaging'
import { runCommand } from '#tests/common/scaffolding'
import {
  inboxRow,
  insertRows,
  outboxRow,
  probeInboxEventIds,
  probeInboxRows,
  probeOutboxIds,
  probeOutboxRows,
  removeProbeRows,
  times,
} from './retention_rows.js'
import { pauseHostRelay } from '#tests/common/host_relay'

/*
 * On the suite's database: SQLite, and PostgreSQL in CI's second pass (DB_CONNECTION=pg).
 */
test.group('outbox:purge and inbox:purge', (group) => {
  // The host's relay sweeps with the app's own retention: it must not remove the rows first.
  group.setup(() => pauseHostRelay())
  group.each.setup(() => removeProbeRows())

  test('outbox:purge removes sent events older than the cutoff, and nothing unsent', async ({
    assert,
  }) => {
    const kept = [
      outboxRow({ daysAgo: 1 }),
      outboxRow({ status: 'pending' }),
      outboxRow({ status: 'pending', attempts: 7 }),
      outboxRow({ status: 'dead' }),
    ]
    await insertRows(OUTBOX_TABLE, [...times(3, () => outboxRow()), ...kept])

    const { exitCode, output } = await runCommand(OutboxPurge, ['--older-than=7d'])

    assert.equal(exitCode, 0)
    assert.include(output, 'catalog: 3 sent events removed')
    assert.include(output, 'orders: 0 sent events removed')
    assert.deepEqual(
      await probeOutboxIds(),
      kept.map((row) => row.id)
    )
  })

  test('2,500 sent events go in batches of 1,000, all of them', async ({ assert }) => {
    await insertRows(
      OUTBOX_TABLE,
      times(2_500, () => outboxRow({ module: 'orders' }))
    )

    const { exitCode, output } = await runCommand(OutboxPurge, ['--older-than=12h', '--json'])

    assert.equal(exitCode, 0)
    assert.containsSubset(JSON.parse(output), { batches: 3, byModule: { orders: 2_500 } })
    assert.lengthOf(await probeOutboxRows(), 0)
  })

  test("--module removes only that module's rows", async ({ assert }) => {
    const catalogRows = times(2, () => outboxRow({ module: 'catalog' }))
    await insertRows(OUTBOX_TABLE, [
      ...catalogRows,
      ...times(2, () => outboxRow({ module: 'orders' })),
    ])

    const { exitCode, output } = await runCommand(OutboxPurge, [
      '--older-than=30m',
      '--module=Orders',
    ])

    assert.equal(exitCode, 0)
    assert.include(output, 'orders: 2 sent events removed')
    assert.notInclude(output, 'catalog:')
    assert.deepEqual(
      await probeOutboxIds(),
      catalogRows.map((row) => row.id)
    )
  })

  test('inbox:purge removes the records of events applied before the cutoff', async ({
    assert,
  }) => {
    const recent = inboxRow({ daysAgo: 0.25 })
    const otherModule = inboxRow({ module: 'catalog' })
    await insertRows(INBOX_TABLE, [...times(2_500, () => inboxRow()), recent, otherModule])

    const { exitCode, output } = await runCommand(InboxPurge, [
      '--older-than=12h',
      '--module=orders',
    ])

    assert.equal(exitCode, 0)
    assert.include(output, 'orders: 2500 inbox records removed')
    assert.include(output, 'in 3 batch(es)')
    assert.sameMembers(await probeInboxEventIds(), [recent.event_id, otherModule.event_id])
  })

  test('{command} refuses --older-than={value}, naming the forms it takes')
    .with([
      { command: 'outbox:purge', value: '7 days' },
      { command: 'outbox:purge', value: '0d' },
      { command: 'outbox:purge', value: '-1d' },
      { command: 'inbox:purge', value: '1.5h' },
      { command: 'inbox:purge', value: '2w' },
    ])
    .run(async ({ assert }, { command, value }) => {
      await insertRows(OUTBOX_TABLE, [outboxRow({ daysAgo: 1_000 })])
      await insertRows(INBOX_TABLE, [inboxRow({ daysAgo: 1_000 })])

      const Command = command === 'outbox:purge' ? OutboxPurge : InboxPurge
      const { exitCode, output } = await runCommand(Command, [`--older-than=${value}`])

      assert.equal(exitCode, 1)
      assert.include(
        output,
        `--older-than takes a whole number of days, hours or minutes above 0, such as 7d, 12h or 30m (got "${value}")`
      )
      assert.lengthOf(await probeOutboxRows(), 1)
      assert.lengthOf(await probeInboxRows(), 1)
    })

  test('without --older-than it says what it needs', async ({ assert }) => {
    const { exitCode, output } = await runCommand(OutboxPurge, [])
    assert.equal(exitCode, 1)
    assert.include(output, '--older-than is required: a whole number of days, hours or minutes')
  })

  test('an unknown module is refused with the modules there are', async ({ assert }) => {
    await insertRows(OUTBOX_TABLE, [outboxRow()])

    const { exitCode, output } = await runCommand(OutboxPurge, [
      '--older-than=7d',
      '--module=Shipping',
    ])

    assert.equal(exitCode, 1)
    assert.include(output, `Unknown module "Shipping": this app's modules are catalog, orders`)
    assert.lengthOf(await probeOutboxRows(), 1)
  })
})
