import { test } from '@japa/runner'
import { exponentialBackoff } from '#kit/building_blocks/infrastructure/resilience/backoff'

test.group('Exponential backoff', () => {
  test('starts at firstMs, doubles each time and stops growing at maxMs', ({ assert }) => {
    const backoff = exponentialBackoff({ firstMs: 250, maxMs: 5_000 })
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 50].map(backoff),
      [250, 500, 1_000, 2_000, 4_000, 5_000, 5_000]
    )
  })

  test('keeps every retry of the kit at its documented waits', ({ assert }) => {
    // docs/resilience.md: the outbox relay 0.2 s … 30 s, a consumer 0.2 s … 10 s.
    const relay = exponentialBackoff({ firstMs: 200, maxMs: 30_000 })
    const consumer = exponentialBackoff({ firstMs: 200, maxMs: 10_000 })
    assert.deepEqual([1, 2, 3, 8, 9].map(relay), [200, 400, 800, 25_600, 30_000])
    assert.deepEqual([1, 2, 6, 7].map(consumer), [200, 400, 6_400, 10_000])
  })

  test('refuses a policy that cannot back off', ({ assert }) => {
    assert.throws(() => exponentialBackoff({ firstMs: 0, maxMs: 10 }), /0 < firstMs <= maxMs/)
    assert.throws(() => exponentialBackoff({ firstMs: 100, maxMs: 10 }), /0 < firstMs <= maxMs/)
    assert.throws(() => exponentialBackoff({ firstMs: Number.NaN, maxMs: 10 }), /firstMs/)
  })
})
