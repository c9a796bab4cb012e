/*
 * One scenario of `npm run bench`: a discarded warm-up per target, then interleaved rounds, the
 * order reversed every other round so that no target always runs right after the same one.
 * Each run records the load generator's figures and the server's CPU time per request.
 */
import { median, spread } from '../messaging/stats.js'
import { generateLoad, type Measured } from './load_generator.js'
import { cpuMicros, LOAD_CPU, outboxDrained, PINNED } from './servers.js'

export interface Target {
  label: string
  port: number
  /** The server's process id: its CPU time is read before and after each run. */
  pid: number
  path: string
  method?: 'GET' | 'POST'
  /** The server relays an outbox: each run waits for it to drain (and counts that CPU). */
  relays?: boolean
}

export interface Run extends Measured {
  /** Server CPU (user + system) per request, µs, including the delivery of its events. */
  cpuPerRequest: number
}

export interface Row {
  scenario: string
  label: string
  rps: number
  p50: number
  p99: number
  cpuPerRequest: number
  /** (max − min) / median of the rounds' requests per second. */
  spread: number
  rounds: Run[]
  /** 2xx responses, warm-up included (the POST check counts every acknowledged write). */
  ok: number
  failures: number
}

export interface RunOptions {
  duration: number
  warmup: number
  repeat: number
  connections: number
}

async function load(target: Target, seconds: number, ids: string[], connections: number): Promise<Run> {
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
  const requests = measured.requestsPerSecond * seconds
  return { ...measured, cpuPerRequest: requests > 0 ? (cpuMicros(target.pid) - cpuBefore) / requests : 0 }
}

export async function runScenario(scenario: string, targets: Target[], ids: string[], options: RunOptions): Promise<Row[]> {
  const warmups: Run[] = []
  for (const target of targets) warmups.push(await load(target, options.warmup, ids, options.connections))
  const rounds: Run[][] = targets.map(() => [])
  for (let round = 0; round < options.repeat; round++) {
    const order = targets.map((_, index) => index)
    if (round % 2 === 1) order.reverse()
    for (const index of order) rounds[index].push(await load(targets[index], options.duration, ids, options.connections))
  }
  return targets.map((target, index) => {
    const runs = rounds[index]
    const rps = runs.map((run) => run.requestsPerSecond)
    return {
      scenario,
      label: target.label,
      rps: median(rps),
      p50: median(runs.map((run) => run.p50)),
      p99: median(runs.map((run) => run.p99)),
      cpuPerRequest: median(runs.map((run) => run.cpuPerRequest)),
      spread: spread(rps),
      rounds: runs,
      ok: warmups[index].ok + runs.reduce((sum, run) => sum + run.ok, 0),
      failures: runs.reduce((sum, run) => sum + run.non2xx + run.errors + run.timeouts, 0),
    }
  })
}

/**
 * A ratio from the rounds: each round's target against the baseline measured next to it in the
 * same round, so that a slow spell of the machine weighs on both sides. `rps` compares requests
 * per second; `cpu` the inverse of CPU per request (so both read "as fast as the baseline").
 */
export function pairedRatio(target: Row, baseline: Row, measure: 'rps' | 'cpu') {
  const values = target.rounds.map((run, round) => {
    const other = baseline.rounds[round]
    return measure === 'rps' ? run.requestsPerSecond / other.requestsPerSecond : other.cpuPerRequest / run.cpuPerRequest
  })
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) }
}
