import type { StoredProducts } from '#tests/common/stored_products'

/** What one autocannon run of mix.mjs reports. */
export interface MixOutcome {
  requests: number
  requestsPerSecond: number
  p99: number
  non2xx: number
  errors: number
  timeouts: number
  /** e.g. { 'POST /api/catalog 201': 812, 'GET /api/v2/catalog/:id 200': 790 } */
  statuses: Record<string, number>
  acknowledged: string[]
}

export interface LoadRun {
  connections: number
  /** The warm-up and the measured run, in that order; both count for writes. */
  phases: MixOutcome[]
  stored: StoredProducts
  rssWarmKb: number
  rssAfterKb: number
  exitCode: number | null
  stopSeconds: number
}

export interface Verdict {
  criterion: string
  passed: boolean
  detail: string
}

/** RSS after the run may exceed the warmed-up level by this much; more suggests a leak. */
const RSS_GROWTH_LIMIT = 0.2

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

/**
 * The pass criteria of a load run. The mix expects no failure at all: every create is 201,
 * every read of an acknowledged id is 200, so any other status counts against it.
 */
export function judge(run: LoadRun): Verdict[] {
  const failures = sum(run.phases.map((phase) => phase.non2xx + phase.errors + phase.timeouts))
  const unexpected = run.phases
    .flatMap((phase) => Object.entries(phase.statuses))
    .filter(([label]) => !/^(POST .* 201|GET .* 200)$/.test(label))
  const acknowledged = sum(run.phases.map((phase) => phase.acknowledged.length))
  // A run stops with up to one request per connection in flight: those may commit unanswered.
  // Fewer rows than 201s, or an acknowledged id missing, is a lost write.
  const inFlightAtStops = run.connections * run.phases.length
  const extraRows = run.stored.rows - acknowledged
  const growth = (run.rssAfterKb - run.rssWarmKb) / run.rssWarmKb
  return [
    {
      criterion: 'no errors, timeouts or non-2xx responses',
      passed: failures === 0 && unexpected.length === 0,
      detail: `${failures} failed${unexpected.length ? `: ${unexpected.map(([label, n]) => `${label} ×${n}`).join(', ')}` : ''}`,
    },
    {
      criterion: 'every 201 persisted',
      passed:
        acknowledged > 0 &&
        run.stored.present === acknowledged &&
        extraRows >= 0 &&
        extraRows <= inFlightAtStops,
      detail: `${acknowledged} × 201, ${run.stored.present} of them found, ${run.stored.rows} rows`,
    },
    {
      criterion: `RSS after the run within ${RSS_GROWTH_LIMIT * 100}% of the warmed-up level`,
      passed: growth <= RSS_GROWTH_LIMIT,
      detail: `${mb(run.rssWarmKb)} → ${mb(run.rssAfterKb)} MB (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%)`,
    },
    {
      criterion: 'exits 0 on SIGTERM after the load',
      passed: run.exitCode === 0,
      // A stop forced by SHUTDOWN_TIMEOUT_MS exits 1; one that hangs past it is killed (null).
      detail: `exit code ${run.exitCode} after ${run.stopSeconds.toFixed(1)} s`,
    },
  ]
}

const mb = (kb: number) => (kb / 1024).toFixed(1)
