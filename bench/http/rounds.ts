/*
 * One scenario of `npm run bench`: a discarded warm-up per target, then rounds made of one-second
 * slices. The slices of every target and every round are interleaved, and their order rotates
 * (and reverses every other cycle) from one cycle to the next, so that a slow spell of the machine
 * is shared by all targets and all rounds instead of deciding one of them. Each slice records the
 * load generator's figures and the server's CPU time.
 */
import { median, spread } from '../messaging/stats.js'
import { pooledPercentile, type LatencyCurve } from './latency.js'
import { generateLoad, type Measured } from './load_generator.js'
import { cpuMicros, LOAD_CPU, outboxDrained, PINNED } from './servers.js'

export interface Target {
  label: string
  port: number
  /** The server's process id: its CPU time is read before and after each slice. */
  pid: number
  path: string
  method?: 'GET' | 'POST'
  /** The server relays an outbox: each slice waits for it to drain (and counts that CPU). */
  relays?: boolean
}

/** One round of one target: its slices added up. */
interface Run {
  requestsPerSecond: number
  p50: number
  p99: number
  /** Server CPU (user + system) per request, µs, including the delivery of its events. */
  cpuPerRequest: number
  ok: number
  non2xx: number
  errors: number
  timeouts: number
  slices: number
  /**
   * Every slice in the order it ran: when it started (seconds into the scenario), its requests
   * per second and the server's CPU per request. Kept in the JSON report only, to tell a slow
   * spell of the machine from a difference between rounds.
   */
  sliceFigures: SliceFigure[]
}

interface SliceFigure {
  at: number
  rps: number
  cpuPerRequest: number
}

export interface Row {
  scenario: string
  label: string
  rps: number
  /** Percentiles of every measured request of the target, all rounds pooled. */
  p50: number
  p99: number
  /**
   * The p99 of a typical second: the median of the slices' own p99s. A pause of the machine
   * (slices here reach 25–70 ms p99 at random, on every server) lands in one target's slices
   * by chance and then sets its pooled p99; the median second is what the code itself costs.
   */
  p99Typical: number
  cpuPerRequest: number
  /** (max − min) / median of the rounds' requests per second. */
  spread: number
  rounds: Run[]
  /** 2xx responses, warm-up included (the POST check counts every acknowledged write). */
  ok: number
  failures: number
}

export interface RunOptions {
  /** Seconds of load per round and target. */
  duration: number
  /** Seconds per slice (wrk's resolution is one second). */
  slice: number
  warmup: number
  repeat: number
  connections: number
}

interface Slice extends Measured {
  cpuMicros: number
  /** When the slice started, in seconds since the scenario began. */
  at: number
}

async function load(
  target: Target,
  seconds: number,
  ids: string[],
  connections: number,
  since: number
): Promise<Slice> {
  const at = (performance.now() - since) / 1000
  const cpuBefore = cpuMicros(target.pid)
  const measured = generateLoad({
    url: `http://127.0.0.1:${target.port}`,
    path: target.path,
    method: target.method,
    duration: seconds,
    connections,
    ids,
    cpu: PINNED ? LOAD_CPU : undefined,
  })
  if (target.relays) await outboxDrained()
  return { ...measured, cpuMicros: cpuMicros(target.pid) - cpuBefore, at }
}

function addUp(slices: Slice[]): Run {
  const sum = (pick: (slice: Slice) => number) =>
    slices.reduce((total, slice) => total + pick(slice), 0)
  const responses = sum((slice) => slice.responses)
  const curves: LatencyCurve[] = slices.map((slice) => slice.latency)
  const non2xx = sum((slice) => slice.non2xx)
  return {
    requestsPerSecond: responses / (sum((slice) => slice.durationUs) / 1e6),
    p50: pooledPercentile(curves, 50),
    p99: pooledPercentile(curves, 99),
    cpuPerRequest: responses > 0 ? sum((slice) => slice.cpuMicros) / responses : 0,
    ok: responses - non2xx,
    non2xx,
    errors: sum((slice) => slice.socketErrors),
    timeouts: sum((slice) => slice.timeouts),
    slices: slices.length,
    sliceFigures: slices.map((slice) => ({
      at: Math.round(slice.at * 10) / 10,
      rps: Math.round(slice.responses / (slice.durationUs / 1e6)),
      cpuPerRequest:
        slice.responses > 0 ? Math.round((slice.cpuMicros / slice.responses) * 10) / 10 : 0,
    })),
  }
}

/**
 * The order of one cycle of slices: every (round, target) once. Odd cycles run the previous
 * order backwards and even ones rotate it by one, so over 2 × units cycles every unit takes every
 * place twice and no unit always follows the same one.
 */
export function cycleOrder<T>(units: T[], cycle: number): T[] {
  const shift = Math.floor(cycle / 2) % units.length
  const rotated = [...units.slice(shift), ...units.slice(0, shift)]
  return cycle % 2 === 1 ? rotated.reverse() : rotated
}

export async function runScenario(
  scenario: string,
  targets: Target[],
  ids: string[],
  options: RunOptions
): Promise<Row[]> {
  const since = performance.now()
  const warmups: Slice[] = []
  for (const target of targets)
    warmups.push(await load(target, options.warmup, ids, options.connections, since))
  const units = Array.from({ length: options.repeat }, (_, round) =>
    targets.map((_target, index) => ({ round, index }))
  ).flat()
  const slices: Slice[][][] = targets.map(() => Array.from({ length: options.repeat }, () => []))
  const cycles = Math.max(1, Math.round(options.duration / options.slice))
  for (let cycle = 0; cycle < cycles; cycle++) {
    for (const { round, index } of cycleOrder(units, cycle)) {
      slices[index][round].push(
        await load(targets[index], options.slice, ids, options.connections, since)
      )
    }
  }
  return targets.map((target, index) => {
    const runs = slices[index].map(addUp)
    const everySlice = slices[index].flat()
    const rps = runs.map((run) => run.requestsPerSecond)
    return {
      scenario,
      label: target.label,
      rps: median(rps),
      p50: pooledPercentile(
        everySlice.map((slice) => slice.latency),
        50
      ),
      p99: pooledPercentile(
        everySlice.map((slice) => slice.latency),
        99
      ),
      p99Typical: median(everySlice.map((slice) => pooledPercentile([slice.latency], 99))),
      cpuPerRequest: median(runs.map((run) => run.cpuPerRequest)),
      spread: spread(rps),
      rounds: runs,
      ok:
        warmups[index].responses -
        warmups[index].non2xx +
        runs.reduce((sum, run) => sum + run.ok, 0),
      failures: runs.reduce((sum, run) => sum + run.non2xx + run.errors + run.timeouts, 0),
    }
  })
}

/**
 * A ratio from the rounds: each round's target against the same round of the baseline, whose
 * slices were interleaved with its own, so that a slow spell of the machine weighs on both sides. `rps` compares requests
 * per second; `cpu` the inverse of CPU per request (so both read "as fast as the baseline").
 */
export function pairedRatio(target: Row, baseline: Row, measure: 'rps' | 'cpu') {
  const values = target.rounds.map((run, round) => {
    const other = baseline.rounds[round]
    return measure === 'rps'
      ? run.requestsPerSecond / other.requestsPerSecond
      : other.cpuPerRequest / run.cpuPerRequest
  })
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) }
}
