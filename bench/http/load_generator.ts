/*
 * One wrk run of `npm run bench`, pinned to the load generator's CPU. wrk (Debian's `wrk`
 * package) is written in C and needs a fraction of a core where autocannon saturated its own at
 * about 25,000 requests/s on the development VM, so the servers, not the generator, set the pace.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LatencyCurve } from './latency.js'

export interface LoadConfig {
  url: string
  path: string
  method?: 'GET' | 'POST'
  /** Whole seconds: wrk measures no less. */
  duration: number
  connections: number
  /** Replaces `{id}` in the path, a random one per request. */
  ids: string[]
  /** The CPU to run on, or none. */
  cpu?: number
}

export interface Measured {
  responses: number
  durationUs: number
  non2xx: number
  socketErrors: number
  timeouts: number
  latency: LatencyCurve
}

const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((candidate) => existsSync(candidate))

const ROOT = join(import.meta.dirname, '../..')
const idFiles = new WeakMap<string[], string>()

/** Stops the benchmark before anything is built when wrk is missing, saying how to get it. */
export function requireLoadGenerator(): void {
  if (!WRK) throw new Error('npm run bench needs wrk: install it with `apt-get install wrk`')
}

function idFile(ids: string[]): string {
  let file = idFiles.get(ids)
  if (!file) {
    file = join(mkdtempSync(join(tmpdir(), 'pantheon-bench-')), 'ids.txt')
    writeFileSync(file, `${ids.join('\n')}\n`)
    idFiles.set(ids, file)
  }
  return file
}

export function generateLoad(config: LoadConfig): Measured {
  requireLoadGenerator()
  const args = [
    '-t1',
    `-c${config.connections}`,
    `-d${config.duration}s`,
    '--timeout',
    '10s',
    '-s',
    join(ROOT, 'bench/http/wrk_requests.lua'),
    config.url,
    '--',
    idFile(config.ids),
    config.method ?? 'GET',
    config.path,
  ]
  const [command, commandArgs] =
    config.cpu === undefined ? [WRK!, args] : ['taskset', ['-c', String(config.cpu), WRK!, ...args]]
  const output = execFileSync(command, commandArgs, { encoding: 'utf8' })
  const line = output.split('\n').find((candidate) => candidate.startsWith('{"responses"'))
  if (!line) throw new Error(`wrk printed no result:\n${output}`)
  const result = JSON.parse(line)
  return {
    responses: result.responses,
    durationUs: result.durationUs,
    non2xx: result.non2xx,
    socketErrors: result.socketErrors,
    timeouts: result.timeouts,
    latency: { requests: result.responses, points: result.latencyUs },
  }
}
