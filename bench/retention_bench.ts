/*
 * Retention benchmark (npm run bench:retention): what a million sent rows left in the outbox
 * cost the relay, and what removing them costs it, on the real PostgreSQL of this machine.
 *
 * 1. Two databases side by side (pantheon_bench_retention_empty and _full, created, migrated
 *    and dropped): the full one gets --sent-rows sent events in one INSERT … SELECT
 *    generate_series. Then, in --rounds rounds after a discarded warm-up, each measure is
 *    sampled on both databases in turn (empty, full, full, empty, …): the idle claim (a pass
 *    that finds nothing due), a pass over one batch of 100 due events (claim, publish to a
 *    transport that does nothing, mark sent), and events per second of 10 commands committing
 *    one event each through the outbox, then the relay. It prints each figure's slowdown (full
 *    against empty; 1.00× is none), the medians of the rounds' medians.
 * 2. The relay's retention sweep (1,000 rows a transaction, resting as long as each took)
 *    removes --purge-rows of the sent rows while the batch pass runs over and over beside it:
 *    rows per second, and the pass during the sweep against just before.
 *
 * Prints Markdown and writes bench/results/retention-latest.md and .json. Figures only: no
 * exit code depends on a time.
 *
 *   npm run bench:retention -- --sent-rows 1000000 --rounds 5 --purge-rows 200000
 *
 * BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) is where the
 * databases are created.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { type MessagingConfig, OUTBOX_TABLE, RetentionSweep } from '@pantheon/kit/messaging'
import { openTransport } from './messaging/transports.js'
import { median, percentile } from './messaging/stats.js'
import { openBenchDatabases, type Side } from './retention/bench_databases.js'
import { fillSentRows } from './retention/fill_sent_rows.js'
import { batchPass, idleClaim, type Measure, writeAndRelay } from './retention/relay_measures.js'
import { markdownReport, type MeasureRow, type PurgeFigures } from './retention/report.js'

const ROOT = join(import.meta.dirname, '..')
const { values: flags } = parseArgs({
  options: {
    'sent-rows': { type: 'string', default: '1000000' },
    'rounds': { type: 'string', default: '5' },
    'purge-rows': { type: 'string', default: '200000' },
  },
})
const numbers = Object.fromEntries(
  Object.entries(flags).map(([name, value]) => {
    const number = Number(value)
    if (!Number.isInteger(number) || number < 1)
      throw new Error(`--${name} takes a whole number from 1, not "${value}"`)
    return [name, number]
  })
)
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const BATCH = 100

const MEASURES: Measure[] = [idleClaim, batchPass(BATCH), writeAndRelay(10)]

const seconds = (since: number) => (performance.now() - since) / 1000

const bench = await openBenchDatabases(PG_ADMIN_URL)
try {
  const config = bench.app.config.get<MessagingConfig>('messaging')
  const { transport } = await openTransport('no-publish', config)
  const fillStarted = performance.now()
  await fillSentRows(bench.db.full, numbers['sent-rows'])
  const fillSeconds = seconds(fillStarted)

  const rows: MeasureRow[] = MEASURES.map(({ label, unit }) => ({
    label,
    unit,
    empty: [],
    full: [],
  }))
  for (let round = 0; round <= numbers.rounds; round++) {
    // Both sides take the same writes; the empty one starts each round empty again, so it never
    // holds more than one round's (about 3,300 rows).
    await bench.db.empty.rawQuery(`truncate table ${OUTBOX_TABLE}`)
    for (const [index, measure] of MEASURES.entries()) {
      const samples: Record<Side, number[]> = { empty: [], full: [] }
      for (let n = 0; n < measure.samples; n++) {
        // empty, full, full, empty, …: neither side always runs on the warmer cache.
        const sides: Side[] = n % 2 === 0 ? ['empty', 'full'] : ['full', 'empty']
        for (const side of sides) {
          samples[side].push(await measure.sample(bench.db[side], transport))
        }
      }
      if (round === 0) continue
      rows[index].empty.push(median(samples.empty))
      rows[index].full.push(median(samples.full))
    }
  }

  const pass = batchPass(BATCH)
  const passesBefore: number[] = []
  for (let n = 0; n < 60; n++) passesBefore.push(await pass.sample(bench.db.full, transport))
  // Rows were sent one a second up to the fill: the oldest --purge-rows are past this age.
  const sweep = new RetentionSweep(bench.db.full, {
    outboxMs: (numbers['sent-rows'] - numbers['purge-rows']) * 1000,
    intervalMs: 3_600_000,
    batchSize: 1_000,
  })
  const passesDuring: number[] = []
  const sweepStarted = performance.now()
  let sweeping = true
  const swept = sweep.sweep().finally(() => (sweeping = false))
  while (sweeping) passesDuring.push(await pass.sample(bench.db.full, transport))
  const outcome = await swept
  const figures = (passes: number[]) => ({
    median: median(passes),
    p99: percentile(passes, 99),
    samples: passes.length,
  })
  const purge: PurgeFigures = {
    removed: outcome.outbox?.removed ?? 0,
    seconds: seconds(sweepStarted),
    passBefore: figures(passesBefore),
    passDuring: figures(passesDuring),
  }

  const report = {
    sentRows: numbers['sent-rows'],
    fillSeconds,
    rounds: numbers.rounds,
    rows,
    purge,
  }
  const markdown = markdownReport(report)
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true })
  writeFileSync(join(ROOT, 'bench/results/retention-latest.md'), `${markdown}\n`)
  writeFileSync(
    join(ROOT, 'bench/results/retention-latest.json'),
    `${JSON.stringify(report, null, 2)}\n`
  )
  console.log(markdown)
} finally {
  await bench.close()
}
