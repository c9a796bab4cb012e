import { cpus } from 'node:os'
import { median, spread } from '../messaging/stats.js'

export interface MeasureRow {
  label: string
  unit: 'ms' | 'events/s'
  /** One figure per round, in the order run. */
  empty: number[]
  full: number[]
}

interface PassFigures {
  median: number
  p99: number
  samples: number
}

export interface PurgeFigures {
  removed: number
  seconds: number
  /** ms of the batch pass on the full table just before the sweep, and while it ran. */
  passBefore: PassFigures
  passDuring: PassFigures
}

export interface RetentionReport {
  sentRows: number
  fillSeconds: number
  rounds: number
  rows: MeasureRow[]
  purge: PurgeFigures
}

const cell = (value: number, unit: MeasureRow['unit']) =>
  unit === 'ms' ? value.toFixed(2) : value.toFixed(0)
const percent = (value: number) => `${(value * 100).toFixed(0)}%`
const tableRow = (cells: string[]) => `| ${cells.join(' | ')} |`

/** How much slower the full table makes a measure: above 1 is slower, whatever the unit. */
function slowdown(row: MeasureRow): number {
  const ratio = median(row.full) / median(row.empty)
  return row.unit === 'ms' ? ratio : 1 / ratio
}

export function markdownReport(report: RetentionReport): string {
  const { purge } = report
  const sent = report.sentRows.toLocaleString('en')
  return [
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; PostgreSQL on the same machine. ${sent} sent rows written in ${report.fillSeconds.toFixed(1)} s (INSERT … SELECT generate_series, then VACUUM ANALYZE).`,
    '',
    `### The relay with ${sent} sent rows in the outbox, against an empty outbox (${report.rounds} interleaved rounds after a warm-up)`,
    '',
    `| measure | empty outbox | ${sent} sent | slowdown | rounds empty / full | spread empty / full |`,
    '|---|---|---|---|---|---|',
    ...report.rows.map((row) =>
      tableRow([
        `${row.label} (${row.unit})`,
        cell(median(row.empty), row.unit),
        cell(median(row.full), row.unit),
        `${slowdown(row).toFixed(2)}×`,
        `${row.empty.map((v) => cell(v, row.unit)).join(' ')} / ${row.full.map((v) => cell(v, row.unit)).join(' ')}`,
        `${percent(spread(row.empty))} / ${percent(spread(row.full))}`,
      ])
    ),
    '',
    `### A retention sweep removing ${purge.removed.toLocaleString('en')} of them while the relay works`,
    '',
    `${purge.removed.toLocaleString('en')} rows removed in ${purge.seconds.toFixed(1)} s (${(purge.removed / purge.seconds).toFixed(0)} rows/s; 1,000 a transaction, resting as long as each took).`,
    '',
    '| pass over 100 due events | median ms | p99 ms | passes |',
    '|---|---|---|---|',
    ...(['passBefore', 'passDuring'] as const).map((key) =>
      tableRow([
        key === 'passBefore' ? 'before the sweep' : 'during the sweep',
        purge[key].median.toFixed(2),
        purge[key].p99.toFixed(2),
        String(purge[key].samples),
      ])
    ),
  ].join('\n')
}
