import { test } from '@japa/runner'
import { parseRetentionDuration, retentionPolicy } from '@pantheon/kit/messaging'

const settings = { outbox: '7d', inbox: '30d', intervalMs: 60_000, batchSize: 1_000 }

test.group('Retention durations', () => {
  test('reads days, hours and minutes', ({ assert }) => {
    assert.equal(parseRetentionDuration('7d', '--older-than'), 7 * 86_400_000)
    assert.equal(parseRetentionDuration('12h', '--older-than'), 12 * 3_600_000)
    assert.equal(parseRetentionDuration('30m', '--older-than'), 30 * 60_000)
  })

  test('refuses "{$self}", naming the forms it takes')
    .with(['7', '7 days', '1.5h', '0d', '-1d', '7w', '07d', 'd', '7D'])
    .run(({ assert }, text) => {
      assert.throws(
        () => parseRetentionDuration(text, '--older-than'),
        `--older-than takes a whole number of days, hours or minutes above 0, such as 7d, 12h or 30m (got "${text}")`
      )
    })
})

test.group('Retention settings', () => {
  test('turn into the ages and the schedule the relay sweeps with', ({ assert }) => {
    assert.deepEqual(retentionPolicy(settings), {
      outboxMs: 7 * 86_400_000,
      inboxMs: 30 * 86_400_000,
      intervalMs: 60_000,
      batchSize: 1_000,
    })
  })

  test('"off" keeps that table whole, and both off (or no settings) means no sweep', ({
    assert,
  }) => {
    assert.isUndefined(retentionPolicy({ ...settings, inbox: 'off' })?.inboxMs)
    assert.isUndefined(retentionPolicy({ ...settings, outbox: 'off', inbox: 'off' }))
    assert.isUndefined(retentionPolicy(undefined))
  })

  test('refuse a value they cannot read, naming the variable', ({ assert }) => {
    assert.throws(
      () => retentionPolicy({ ...settings, outbox: 'a week' }),
      'OUTBOX_RETENTION takes "off" or a whole number of days, hours or minutes above 0, such as 7d, 12h or 30m (got "a week")'
    )
    assert.throws(() => retentionPolicy({ ...settings, inbox: '0m' }), /^INBOX_RETENTION takes/)
    assert.throws(
      () => retentionPolicy({ ...settings, batchSize: 0 }),
      'retention.batchSize must be a whole number above 0 (got 0)'
    )
  })
})
