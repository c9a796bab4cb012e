/*
 * Bounded work per request (npm run bench:bodies): what a body of many keys costs the server,
 * measured on a development host of this checkout on a fresh SQLite file. For each body it prints
 * the status, the answer's size and the server's CPU time per request (read from /proc, averaged
 * over ROUNDS requests), beside a valid create measured in the same run; then the latency of
 * /health/live alone and while 10 of the largest bodies arrive together. Figures for
 * docs/reliability.md; never a pass or fail.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as pause } from 'node:timers/promises'

const ROOT = join(import.meta.dirname, '..')
const PORT = Number(process.env.BENCH_PORT ?? 5980)
const ROUNDS = 20
const TICK_MS = 10 // /proc/<pid>/stat counts CPU time in clock ticks of 10 ms on Linux

const keys = (count: number) =>
  JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i])))
const compactKeys = (count: number) =>
  `{${Array.from({ length: count }, (_, i) => `"${i.toString(36)}":0`).join(',')}}`

const BODIES: Array<[string, string]> = [
  ['a valid create', JSON.stringify({ name: 'Pen', price: 1.5 })],
  ['900 unknown keys (under the limit)', keys(900)],
  ['50,000 keys', keys(50_000)],
  ['500,000 keys, compact (over 1 MB)', compactKeys(500_000)],
]

async function serverCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS // utime + stime
}

async function post(body: string) {
  const response = await fetch(`http://127.0.0.1:${PORT}/api/catalog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
  const answer = await response.arrayBuffer()
  return { status: response.status, bytes: answer.byteLength }
}

async function liveLatencyMs(): Promise<number> {
  const started = performance.now()
  const response = await fetch(`http://127.0.0.1:${PORT}/health/live`)
  await response.arrayBuffer()
  return performance.now() - started
}

async function startHost(folder: string) {
  const host = spawn(
    process.execPath,
    ['--import=@pantheon/kit/typescript', join(ROOT, 'bin/server.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(PORT),
        HTTPS_ENABLED: 'false',
        LOG_LEVEL: 'silent',
        DB_AUTO_MIGRATE: 'true',
        SQLITE_FILENAME: join(folder, 'bench.sqlite3'),
      },
      stdio: 'ignore',
    }
  )
  for (let tries = 0; tries < 300; tries++) {
    try {
      const ready = await fetch(`http://127.0.0.1:${PORT}/health/ready`)
      if (ready.ok) return host
    } catch {}
    await pause(100)
  }
  host.kill()
  throw new Error(`the host did not become ready on port ${PORT}`)
}

const folder = await mkdtemp(join(tmpdir(), 'pantheon-bodies-'))
const host = await startHost(folder)
try {
  console.log('| body | bytes | status | answer bytes | server CPU per request |')
  console.log('| --- | ---: | ---: | ---: | ---: |')
  for (const [name, body] of BODIES) {
    await post(body) // warm-up
    const before = await serverCpuMs(host.pid!)
    let answer = { status: 0, bytes: 0 }
    for (let round = 0; round < ROUNDS; round++) answer = await post(body)
    const cpu = ((await serverCpuMs(host.pid!)) - before) / ROUNDS
    console.log(
      `| ${name} | ${body.length} | ${answer.status} | ${answer.bytes} | ${cpu.toFixed(1)} ms |`
    )
  }

  const idle: number[] = []
  for (let round = 0; round < ROUNDS; round++) idle.push(await liveLatencyMs())
  const largest = BODIES[2][1]
  const flood = Promise.all(Array.from({ length: 10 }, () => post(largest)))
  const loaded: number[] = []
  const probes = (async () => {
    for (let round = 0; round < ROUNDS; round++) {
      loaded.push(await liveLatencyMs())
      await pause(5)
    }
  })()
  await Promise.all([flood, probes])
  const worst = (values: number[]) => Math.max(...values).toFixed(1)
  console.log(
    `\n/health/live, slowest of ${ROUNDS}: ${worst(idle)} ms alone, ${worst(loaded)} ms while 10 bodies of 50,000 keys arrive together`
  )
} finally {
  host.kill()
  await rm(folder, { recursive: true, force: true })
}
