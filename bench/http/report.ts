/* The Markdown `npm run bench` prints and writes to bench/results/latest.md. */
import { cpus } from 'node:os'
import { SPREAD_LIMIT } from '../messaging/stats.js'
import { pairedRatio, type Row, type RunOptions } from './rounds.js'
import { PINNED } from './servers.js'

export interface RatioSpec {
  name: string
  scenario: string
  target: string
  baseline: string
  /** The target the ratio of requests per second must reach (none: shown for reference). */
  goal?: number
}

const percent = (value: number) => `${(value * 100).toFixed(0)}%`
const ms = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1))
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`

export function computeRatios(rows: Row[], specs: RatioSpec[]) {
  const find = (scenario: string, label: string) => {
    const found = rows.find((candidate) => candidate.scenario === scenario && candidate.label === label)
    if (!found) throw new Error(`no row ${scenario} / ${label}`)
    return found
  }
  return specs.map((spec) => {
    const target = find(spec.scenario, spec.target)
    const baseline = find(spec.scenario, spec.baseline)
    return {
      ...spec,
      rps: pairedRatio(target, baseline, 'rps'),
      cpu: pairedRatio(target, baseline, 'cpu'),
      p99: target.p99 / baseline.p99,
    }
  })
}

export type Ratio = ReturnType<typeof computeRatios>[number]

export function markdownReport(rows: Row[], ratios: Ratio[], options: RunOptions, postCheck: string): string {
  const widest = rows.reduce((most, candidate) => (candidate.spread > most.spread ? candidate : most))
  const unstable = rows.filter((candidate) => candidate.spread > SPREAD_LIMIT)
  return [
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; ${PINNED ? 'servers on CPU 1, load generator on CPU 0 (PostgreSQL unpinned)' : 'not pinned'}; load from wrk, ${options.connections} connections; per target a ${options.warmup} s warm-up, then ${options.repeat} rounds of ${options.duration} s, each made of ${options.slice} s slices interleaved with every other target's and round's.`,
    '',
    '| scenario | target | req/s (median) | req/s per round | spread | p50 ms | p99 ms | server CPU µs/req | failed requests |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) =>
      row([r.scenario, r.label, r.rps.toFixed(0), r.rounds.map((run) => run.requestsPerSecond.toFixed(0)).join(' / '), percent(r.spread), ms(r.p50), ms(r.p99), r.cpuPerRequest.toFixed(0), r.failures])
    ),
    '',
    'Ratios are the median of per-round ratios (each round of the target against the same round of the baseline), with their range. "CPU" is the baseline\'s server CPU per request over the target\'s. p50 and p99 pool every measured request of a target.',
    '',
    '| ratio | req/s | range | CPU | p99 (target ≤ 1.2×) | goal (req/s) |',
    '|---|---|---|---|---|---|',
    ...ratios.map((r) =>
      row([
        r.name,
        percent(r.rps.median),
        `${percent(r.rps.min)}–${percent(r.rps.max)}`,
        percent(r.cpu.median),
        `${r.p99.toFixed(2)}×`,
        r.goal === undefined ? '—' : `≥ ${percent(r.goal)} ${r.rps.median >= r.goal ? 'met' : '**not met**'}`,
      ])
    ),
    '',
    postCheck,
    '',
    unstable.length === 0
      ? `Every target's rounds are within ${percent(SPREAD_LIMIT)} of each other (widest: ${percent(widest.spread)}, ${widest.scenario} / ${widest.label}).`
      : `UNSTABLE: ${unstable.length} of ${rows.length} targets spread by more than ${percent(SPREAD_LIMIT)} between rounds (widest: ${percent(widest.spread)}, ${widest.scenario} / ${widest.label}); the script exits 1. Read the paired ratios and the CPU per request, which move less than the raw req/s.`,
  ].join('\n')
}
