import { cpus } from 'node:os'
import type { LatencyOptions, LatencyRow } from './commit_latency.js'
import { P99_TARGET_MS } from './commit_latency.js'
import type { ThroughputOptions, ThroughputRow } from './relay_throughput.js'
import { SQLITE_DRAIN_TARGET, type SqliteRelayResult } from './sqlite_relay_process.js'
import { SPREAD_LIMIT } from './stats.js'

const percent = (value: number) => `${(value * 100).toFixed(0)}%`
const met = (ok: boolean) => (ok ? 'yes' : '**NO**')
const tableRow = (cells: string[]) => `| ${cells.join(' | ')} |`

/** Rows whose rounds disagree by more than SPREAD_LIMIT: the run is then not worth reading. */
export function unstableRows(throughput: ThroughputRow[]): ThroughputRow[] {
  return throughput.filter((row) => row.spread > SPREAD_LIMIT)
}

/** Transports that lost sight of committed events: a failure, whatever the figures say. */
export function lossyRows(latency: LatencyRow[]): LatencyRow[] {
  return latency.filter((row) => row.unapplied > 0)
}

export function markdownReport(
  throughput: ThroughputRow[],
  latency: LatencyRow[],
  sqlite: SqliteRelayResult,
  options: { relay: ThroughputOptions; latency: LatencyOptions }
): string {
  const { relay } = options
  const offered = options.latency
  const unstable = unstableRows(throughput)
  return [
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; PostgreSQL outbox, relay batch ${relay.batchSize}; brokers and database on the same machine.`,
    '',
    `### Relay throughput: drain of ${relay.events} committed events, ${relay.rounds} interleaved rounds after a ${relay.warmupEvents}-event warm-up`,
    '',
    '| transport | events/s (median) | rounds | spread | of no-publish | target | met |',
    '|---|---|---|---|---|---|---|',
    ...throughput.map((row) =>
      tableRow([
        row.label,
        row.median.toFixed(0),
        row.rounds.map((rate) => rate.toFixed(0)).join(' / '),
        percent(row.spread),
        percent(row.ofNoPublish),
        row.target === undefined ? '—' : `≥ ${percent(row.target)}`,
        row.target === undefined ? '—' : met(row.ofNoPublish >= row.target),
      ])
    ),
    '',
    `### Commit-to-consume latency at ${offered.rate} events/s offered, ${offered.seconds} s × ${offered.rounds} interleaved rounds`,
    '',
    "From the commit of the unit of work to the commit of the consumer's inbox transaction; relay woken on commit.",
    '',
    '| transport | achieved rate | failed commands | p50 ms | p99 ms (median) | p99 per round | max ms | target p99 | met |',
    '|---|---|---|---|---|---|---|---|---|',
    ...latency.map((row) =>
      tableRow([
        row.label,
        `${row.achievedRate.toFixed(0)}/s${row.keptUp ? '' : ' (could not keep up)'}`,
        String(row.failedCommands),
        row.p50.toFixed(1),
        row.p99.toFixed(1),
        row.rounds.map((run) => run.p99.toFixed(1)).join(' / '),
        Math.max(...row.rounds.map((run) => run.max)).toFixed(1),
        `≤ ${P99_TARGET_MS} ms`,
        met(row.keptUp && row.p99 <= P99_TARGET_MS),
      ])
    ),
    ...latency
      .filter((row) => !row.keptUp)
      .map(
        (row) =>
          `${row.label} could not keep up with ${offered.rate} events/s: ${row.achievedRate.toFixed(0)}/s committed, ${row.failedCommands} commands failed${row.firstFailure ? ` (first: ${row.firstFailure})` : ''}. Its latency is that of an overloaded machine; offer less with --rate.`
      ),
    '',
    `### SQLite, relay in its own process: a ${sqlite.backlog}-event backlog drained while the host takes creates`,
    '',
    'Host with OUTBOX_RELAY=off and `node ace outbox:relay` on one database file, Redis Streams between them; the clock runs from the start of the relay until nothing is pending.',
    '',
    '| events sent | seconds | events/s | lock failures | failed creates | target | met |',
    '|---|---|---|---|---|---|---|',
    tableRow([
      String(sqlite.drained),
      sqlite.seconds.toFixed(1),
      sqlite.eventsPerSecond.toFixed(0),
      String(sqlite.lockFailures),
      String(sqlite.failedWrites),
      `≥ ${SQLITE_DRAIN_TARGET}/s, 0 failures`,
      met(
        sqlite.eventsPerSecond >= SQLITE_DRAIN_TARGET &&
          sqlite.lockFailures === 0 &&
          sqlite.failedWrites === 0
      ),
    ]),
    '',
    unstable.length === 0
      ? `Every throughput spread is within ${percent(SPREAD_LIMIT)}.`
      : `UNSTABLE: throughput spread over ${percent(SPREAD_LIMIT)} for ${unstable.map((row) => row.label).join(', ')}; the script exits 1 and these numbers are not worth acting on.`,
    `Latency spreads are shown, not judged: a p99 of a few thousand samples moves with every pause of the VM.`,
    ...lossyRows(latency).map(
      (row) =>
        `FAILED: ${row.label} left ${row.unapplied} committed events unapplied a minute after the last commit (the script exits 1).`
    ),
  ].join('\n')
}
