/*
 * `npm run bench:telemetry`: what OpenTelemetry costs, side by side in one run. Three copies of
 * the reference app serve the same requests, one after the other in every round:
 *
 * - before: the code as it was before telemetry existed (the parent of the commit that added
 *   the kit's telemetry, or BENCH_TELEMETRY_BASELINE), unpacked into a temporary folder;
 * - off: this checkout with no OTLP endpoint (what every app gets by default);
 * - on: this checkout exporting traces and metrics to an OTLP/HTTP sink in this process.
 *
 * Each is started from TypeScript the same way (ts-exec, which an older checkout has too; it
 * has no @pantheon/kit/typescript), on SQLite and the memory transport, so the differences are
 * the code's. The goal: `off` within 2% of `before`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:http'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generateLoad, requireLoadGenerator } from './http/load_generator.js'
import { LOAD_CPU, pinned, SERVER_CPU } from './http/servers.js'

const ROOT = join(import.meta.dirname, '..')
const DURATION = Number(process.env.BENCH_DURATION ?? 5)
const ROUNDS = Number(process.env.BENCH_REPEAT ?? 3)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)
/** Ports 80 to 89 above TEST_PORT (5100 by default). */
const BASE_PORT = Number(process.env.TEST_PORT ?? 5100) + 80
const SINK_PORT = BASE_PORT + 9

type Mode = 'before' | 'off' | 'on'
const MODES: Mode[] = ['before', 'off', 'on']

const WORKLOADS = [
  {
    name: 'GET  /api/v1/catalog/:id (query)',
    method: 'GET' as const,
    path: '/api/v1/catalog/{id}',
  },
  {
    name: 'POST /api/v1/catalog (command + outbox)',
    method: 'POST' as const,
    path: '/api/v1/catalog',
  },
]

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim()
}

/** The code before telemetry: unpacked from git, its kit built, sharing this checkout's packages. */
function unpackBaseline(): { root: string; commit: string } {
  const added = git([
    'log',
    '--format=%H',
    '--diff-filter=A',
    '-1',
    '--',
    'app/building_blocks/infrastructure/telemetry/tracing.ts',
  ])
  const commit = process.env.BENCH_TELEMETRY_BASELINE ?? `${added}^`
  const root = mkdtempSync(join(tmpdir(), 'pantheon-before-telemetry-'))
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C ${root}`], { cwd: ROOT })
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir')
  execFileSync(process.execPath, ['--import=@poppinss/ts-exec', 'bin/build_kit.ts'], {
    cwd: root,
    stdio: 'ignore',
  })
  return { root, commit: git(['rev-parse', '--short', commit]) }
}

/** An OTLP/HTTP endpoint that accepts every export and keeps nothing. */
function startSink() {
  const sink = createServer((request, response) => {
    request.resume()
    request.on('end', () => response.writeHead(200).end())
  })
  return new Promise<typeof sink>((resolve) =>
    sink.listen(SINK_PORT, '127.0.0.1', () => resolve(sink))
  )
}

async function startApp(root: string, port: number, mode: Mode): Promise<ChildProcess> {
  const sqlite = join(tmpdir(), `pantheon-telemetry-bench-${mode}.sqlite3`)
  rmSync(sqlite, { force: true })
  const [command, args] = pinned(SERVER_CPU, process.execPath, [
    '--import=@poppinss/ts-exec',
    'bin/server.ts',
  ])
  const child = spawn(command, args, {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_KEY: 'bench-key-bench-key-bench-key-bench-key',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      HTTPS_ENABLED: 'false',
      RATE_LIMIT_STORE: 'off',
      DB_CONNECTION: 'sqlite',
      SQLITE_FILENAME: sqlite,
      DB_AUTO_MIGRATE: 'true',
      MESSAGE_TRANSPORT: 'memory',
      ...(mode === 'on'
        ? {
            OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${SINK_PORT}`,
            OTEL_SERVICE_NAME: 'bench',
          }
        : {}),
    },
  })
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health/live`)
      if (response.ok) return child
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  child.kill('SIGKILL')
  throw new Error(`the ${mode} app did not start on port ${port}`)
}

async function seed(port: number): Promise<string[]> {
  const ids: string[] = []
  for (let n = 0; n < 200; n++) {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/catalog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Seed ${n}`, price: 5 }),
    })
    ids.push((await response.json()) as string)
  }
  return ids
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

async function main() {
  requireLoadGenerator()
  console.log('Preparing the code before telemetry…')
  const baseline = unpackBaseline()
  const sink = await startSink()
  const roots: Record<Mode, string> = { before: baseline.root, off: ROOT, on: ROOT }
  const apps = new Map<Mode, { child: ChildProcess; port: number; ids: string[] }>()
  try {
    for (const [index, mode] of MODES.entries()) {
      const port = BASE_PORT + index
      const child = await startApp(roots[mode], port, mode)
      apps.set(mode, { child, port, ids: await seed(port) })
    }
    // Warm-up: the JIT and SQLite's caches of each app, measured by nothing.
    for (const workload of WORKLOADS) {
      for (const mode of MODES) {
        const app = apps.get(mode)!
        generateLoad({
          url: `http://127.0.0.1:${app.port}`,
          path: workload.path,
          method: workload.method,
          duration: 2,
          connections: CONNECTIONS,
          ids: app.ids,
          cpu: LOAD_CPU,
        })
      }
    }
    const rates = new Map<string, number[]>()
    for (let round = 1; round <= ROUNDS; round++) {
      for (const workload of WORKLOADS) {
        // Each round starts with another mode, so no mode always follows the same neighbour.
        const order = MODES.map((_, index) => MODES[(index + round) % MODES.length])
        for (const mode of order) {
          const app = apps.get(mode)!
          const measured = generateLoad({
            url: `http://127.0.0.1:${app.port}`,
            path: workload.path,
            method: workload.method,
            duration: DURATION,
            connections: CONNECTIONS,
            ids: app.ids,
            cpu: LOAD_CPU,
          })
          if (measured.non2xx > 0 || measured.socketErrors > 0)
            throw new Error(`${mode} answered errors on ${workload.name}`)
          const key = `${workload.name}|${mode}`
          rates.set(key, [
            ...(rates.get(key) ?? []),
            measured.responses / (measured.durationUs / 1e6),
          ])
        }
      }
      console.log(`round ${round} of ${ROUNDS} done`)
    }
    console.log(
      `\nRequests per second (median of ${ROUNDS} rounds of ${DURATION} s, ${CONNECTIONS} connections); before = ${baseline.commit}`
    )
    console.log(
      `${'workload'.padEnd(42)}${'before'.padStart(10)}${'off'.padStart(10)}${'off/before'.padStart(12)}${'on'.padStart(10)}${'on/before'.padStart(12)}`
    )
    for (const workload of WORKLOADS) {
      const [before, off, on] = MODES.map((mode) => median(rates.get(`${workload.name}|${mode}`)!))
      console.log(
        `${workload.name.padEnd(42)}${before.toFixed(0).padStart(10)}${off.toFixed(0).padStart(10)}${(off / before).toFixed(3).padStart(12)}${on.toFixed(0).padStart(10)}${(on / before).toFixed(3).padStart(12)}`
      )
    }
  } finally {
    for (const { child } of apps.values()) child.kill('SIGTERM')
    sink.close()
    rmSync(baseline.root, { recursive: true, force: true })
  }
}

await main()
