/*
 * The load of one `npm run bench` run, pinned to the load generator's CPU. wrk when it is
 * installed (Debian's `wrk` package): written in C, it takes a fraction of the CPU autocannon
 * needs per request, so the servers, not the generator, set the pace of the fastest targets.
 * Otherwise autocannon (bench/load.mjs), which saturates its core at about 25,000 requests/s on
 * the development VM and then measures itself as much as the server.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface LoadConfig {
  url: string
  path: string
  method?: 'GET' | 'POST'
  duration: number
  connections: number
  /** Replaces `{id}` in the path, a random one per request. */
  ids: string[]
  /** The CPU to run on, or none. */
  cpu?: number
}

export interface Measured {
  requestsPerSecond: number
  p50: number
  p99: number
  ok: number
  non2xx: number
  errors: number
  timeouts: number
}

const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((candidate) => existsSync(candidate))
export const LOAD_GENERATOR = process.env.BENCH_LOAD_GENERATOR ?? (WRK ? 'wrk' : 'autocannon')

const ROOT = join(import.meta.dirname, '../..')
const idFiles = new WeakMap<string[], string>()

function pinnedCommand(cpu: number | undefined, command: string, args: string[]): [string, string[]] {
  return cpu === undefined ? [command, args] : ['taskset', ['-c', String(cpu), command, ...args]]
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

function withWrk(config: LoadConfig): Measured {
  if (!WRK) throw new Error('BENCH_LOAD_GENERATOR=wrk, but wrk is not installed (apt-get install wrk)')
  const args = ['-t1', `-c${config.connections}`, `-d${config.duration}s`, '--timeout', '10s', '-s', join(ROOT, 'bench/http/wrk_requests.lua'), config.url, '--', idFile(config.ids), config.method ?? 'GET', config.path]
  const [command, commandArgs] = pinnedCommand(config.cpu, WRK, args)
  const output = execFileSync(command, commandArgs, { encoding: 'utf8' })
  const line = output.split('\n').find((candidate) => candidate.startsWith('{"responses"'))
  if (!line) throw new Error(`wrk printed no result:\n${output}`)
  const result = JSON.parse(line)
  const refused = result.non2xx
  return {
    requestsPerSecond: result.responses / (result.durationUs / 1e6),
    p50: result.p50Us / 1000,
    p99: result.p99Us / 1000,
    ok: result.responses - refused,
    non2xx: refused,
    errors: result.socketErrors,
    timeouts: result.timeouts,
  }
}

function withAutocannon(config: LoadConfig): Measured {
  const json = JSON.stringify({ ...config, url: `${config.url}${config.path}`, body: config.method === 'POST' })
  const [command, args] = pinnedCommand(config.cpu, process.execPath, [join(ROOT, 'bench/load.mjs'), json])
  return JSON.parse(execFileSync(command, args, { encoding: 'utf8', maxBuffer: 10 * 1024 * 1024 }))
}

export function generateLoad(config: LoadConfig): Measured {
  return LOAD_GENERATOR === 'wrk' ? withWrk(config) : withAutocannon(config)
}
