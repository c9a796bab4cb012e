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
  /** The most the p99 of the target may be, as a multiple of the baseline's. */
  p99Goal?: number
}

const percent = (value: number) => `${(value * 100).toFixed(0)}%`
/** Ratios keep a decimal (and p99 multiples three) so that a verdict never contradicts the figure shown. */
const ratioPercent = (value: number) => `${(value * 100).toFixed(1)}%`
const multiple = (value: number) => `${value.toFixed(3)}×`
const ms = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1))
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`

export function computeRatios(rows: Row[], specs: RatioSpec[]) {
  const find = (scenario: string, label: string) => {
    const found = rows.find(
      (candidate) => candidate.scenario === scenario && candidate.label === label
    )
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
      p99: target.p99Typical / baseline.p99Typical,
      p99Pooled: target.p99 / baseline.p99,
    }
  })
}

export type Ratio = ReturnType<typeof computeRatios>[number]

/** The goals a ratio has, each said met or not. */
function goals(ratio: Ratio): string {
  const said: string[] = []
  if (ratio.goal !== undefined)
    said.push(
      `req/s ≥ ${percent(ratio.goal)} ${ratio.rps.median >= ratio.goal ? 'met' : '**not met**'}`
    )
  if (ratio.p99Goal !== undefined)
    said.push(`p99 ≤ ${ratio.p99Goal}× ${ratio.p99 <= ratio.p99Goal ? 'met' : '**not met**'}`)
  return said.length > 0 ? said.join('; ') : '—'
}

export function markdownReport(
  rows: Row[],
  ratios: Ratio[],
  options: RunOptions,
  postCheck: string
): string {
  const widest = rows.reduce((most, candidate) =>
    candidate.spread > most.spread ? candidate : most
  )
  const unstable = rows.filter((candidate) => candidate.spread > SPREAD_LIMIT)
  return [
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; ${PINNED ? 'servers on CPU 1, load generator on CPU 0 (PostgreSQL unpinned)' : 'not pinned'}; load from wrk, ${options.connections} connections; per target a ${options.warmup} s warm-up, then ${options.repeat} rounds of ${options.duration} s, each made of ${options.slice} s slices interleaved with every other target's and round's.`,
    '',
    '| scenario | target | req/s (median) | req/s per round | spread | p50 ms | p99 ms | p99 ms, median second | server CPU µs/req | failed requests |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) =>
      row([
        r.scenario,
        r.label,
        r.rps.toFixed(0),
        r.rounds.map((run) => run.requestsPerSecond.toFixed(0)).join(' / '),
        percent(r.spread),
        ms(r.p50),
        ms(r.p99),
        ms(r.p99Typical),
        r.cpuPerRequest.toFixed(0),
        r.failures,
      ])
    ),
    '',
    'Ratios are the median of per-round ratios (each round of the target against the same round of the baseline), with their range. "CPU" is the baseline\'s server CPU per request over the target\'s. p50 and p99 pool every measured request of a target; "median second" is the median of the one-second slices\' own p99, which a pause of the machine falling in a few slices does not move. The p99 ratio compares median seconds (the pooled ratio follows it in brackets).',
    '',
    '| ratio | req/s | range | CPU | p99, median second (pooled) | goals |',
    '|---|---|---|---|---|---|',
    ...ratios.map((r) =>
      row([
        r.name,
        ratioPercent(r.rps.median),
        `${ratioPercent(r.rps.min)}–${ratioPercent(r.rps.max)}`,
        ratioPercent(r.cpu.median),
        `${multiple(r.p99)} (${multiple(r.p99Pooled)})`,
        goals(r),
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
