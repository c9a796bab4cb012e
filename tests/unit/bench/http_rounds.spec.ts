import { test } from '@japa/runner'
import { pooledPercentile, type LatencyCurve } from '../../../bench/http/latency.js'
import { cycleOrder } from '../../../bench/http/rounds.js'

/** A run whose every request took `micros`, on the grid wrk_requests.lua prints. */
function flat(requests: number, micros: number): LatencyCurve {
  const grid = [
    ...Array.from({ length: 98 }, (_, n) => n + 1),
    ...Array.from({ length: 20 }, (_, n) => (981 + n) / 10),
  ]
  return { requests, points: grid.map((percent) => [percent, micros]) }
}

/** A run whose requests took 1..100 ms, one percent each. */
function linear(requests: number): LatencyCurve {
  return { requests, points: Array.from({ length: 100 }, (_, n) => [n + 1, (n + 1) * 1000]) }
}

test.group('HTTP bench / pooled latency percentiles', () => {
  test('a single run gives back its own percentiles', ({ assert }) => {
    assert.equal(pooledPercentile([linear(1000)], 50), 50)
    assert.equal(pooledPercentile([linear(1000)], 99), 99)
  })

  test('runs weigh by the requests they served', ({ assert }) => {
    // 900 requests at 2 ms and 100 at 30 ms: 90% are within 2 ms, the p99 is 30 ms.
    const curves = [flat(900, 2000), flat(100, 30_000)]
    assert.equal(pooledPercentile(curves, 50), 2)
    assert.equal(pooledPercentile(curves, 90), 2)
    assert.equal(pooledPercentile(curves, 99), 30)
  })

  test('a slow run that served few requests does not set the median', ({ assert }) => {
    const curves = [flat(10, 500_000), flat(990, 1000)]
    assert.equal(pooledPercentile(curves, 50), 1)
    assert.equal(pooledPercentile(curves, 99.5), 500)
  })

  test('no requests give 0', ({ assert }) => {
    assert.equal(pooledPercentile([], 99), 0)
    assert.equal(pooledPercentile([flat(0, 1000)], 99), 0)
  })
})

test.group('HTTP bench / slice order', () => {
  test('every cycle runs each unit once', ({ assert }) => {
    const units = ['a', 'b', 'c', 'd']
    for (let cycle = 0; cycle < 6; cycle++) assert.sameMembers(cycleOrder(units, cycle), units)
  })

  test('over two cycles per unit, every unit takes every place twice', ({ assert }) => {
    const units = ['a', 'b', 'c', 'd', 'e']
    const places = new Map(units.map((unit) => [unit, new Array(units.length).fill(0)]))
    for (let cycle = 0; cycle < 2 * units.length; cycle++) {
      cycleOrder(units, cycle).forEach((unit, place) => places.get(unit)![place]++)
    }
    for (const unit of units) assert.deepEqual(places.get(unit), [2, 2, 2, 2, 2], unit)
  })

  test('odd cycles run the previous order backwards', ({ assert }) => {
    assert.deepEqual(cycleOrder(['a', 'b', 'c'], 0), ['a', 'b', 'c'])
    assert.deepEqual(cycleOrder(['a', 'b', 'c'], 1), ['c', 'b', 'a'])
    assert.deepEqual(cycleOrder(['a', 'b', 'c'], 2), ['b', 'c', 'a'])
  })
})
