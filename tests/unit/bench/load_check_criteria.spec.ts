import { test } from '@japa/runner'
import { judge, type LoadRun, type MixOutcome } from '../../../bench/load_check/criteria.js'

/** A run that meets every criterion; each test breaks one thing about it. */
function healthyPhase(ids: string[]): MixOutcome {
  return {
    requests: ids.length * 2,
    requestsPerSecond: 100,
    p99: 50,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    statuses: { 'POST /api/catalog 201': ids.length, 'GET /api/catalog/:id 200': ids.length },
    acknowledged: ids,
  }
}

function healthyRun(): LoadRun {
  return {
    connections: 10,
    phases: [healthyPhase(['a', 'b']), healthyPhase(['c', 'd', 'e'])],
    stored: { rows: 7, present: 5 },
    rssWarmKb: 100_000,
    rssAfterKb: 110_000,
    exitCode: 0,
    stopSeconds: 0.2,
  }
}

const failed = (run: LoadRun) =>
  judge(run)
    .filter((verdict) => !verdict.passed)
    .map((verdict) => verdict.criterion)

test.group('Load check criteria', () => {
  test('a healthy run passes every criterion, rows in flight at the stops included', ({
    assert,
  }) => {
    assert.deepEqual(failed(healthyRun()), [])
  })

  test('a 500 or a timeout fails the run', ({ assert }) => {
    const withStatus = healthyRun()
    withStatus.phases[1].statuses['POST /api/catalog 500'] = 1
    withStatus.phases[1].non2xx = 1
    assert.deepEqual(failed(withStatus), ['no errors, timeouts or non-2xx responses'])

    const withTimeout = healthyRun()
    withTimeout.phases[0].timeouts = 1
    assert.deepEqual(failed(withTimeout), ['no errors, timeouts or non-2xx responses'])
  })

  test('an acknowledged id missing, or fewer rows than 201s, is a lost write', ({ assert }) => {
    assert.deepEqual(failed({ ...healthyRun(), stored: { rows: 7, present: 4 } }), [
      'every 201 persisted',
    ])
    assert.deepEqual(failed({ ...healthyRun(), stored: { rows: 4, present: 5 } }), [
      'every 201 persisted',
    ])
  })

  test('more extra rows than requests could be in flight is counted as wrong too', ({ assert }) => {
    assert.deepEqual(failed({ ...healthyRun(), stored: { rows: 5 + 21, present: 5 } }), [
      'every 201 persisted',
    ])
  })

  test('RSS growing past 20% fails; a drop does not', ({ assert }) => {
    assert.deepEqual(failed({ ...healthyRun(), rssAfterKb: 121_000 }), [
      'RSS after the run within 20% of the warmed-up level',
    ])
    assert.deepEqual(failed({ ...healthyRun(), rssAfterKb: 60_000 }), [])
  })

  test('a forced or killed stop fails', ({ assert }) => {
    assert.deepEqual(failed({ ...healthyRun(), exitCode: 1 }), [
      'exits 0 on SIGTERM after the load',
    ])
    assert.deepEqual(failed({ ...healthyRun(), exitCode: null }), [
      'exits 0 on SIGTERM after the load',
    ])
  })
})
