/*
 * HTTP benchmark, side by side in one run (npm run bench): raw node:http, Fastify 5, bare
 * AdonisJS routes and Pantheon's full path, on the production build. Servers are pinned to CPU 1
 * and the load generator (autocannon) to CPU 0; every target gets a discarded warm-up, then
 * REPEAT interleaved rounds. Prints medians, spreads and ratios, writes bench/results/latest.md
 * and .json, and exits 1 when a spread is over 10% (the numbers are then not worth reading).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { v7 as uuidv7 } from 'uuid'

const ROOT = join(import.meta.dirname, '..')
const BUILD = join(ROOT, 'build')
const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3)
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const PG_URL = PG_ADMIN_URL.replace(/\/[^/]*$/, '/pantheon_bench')
const SQLITE_FILE = join(tmpdir(), 'pantheon-bench.sqlite3')
const PINNED = cpus().length >= 2 && existsSync('/usr/bin/taskset')

interface Target {
  label: string
  port: number
  path: string
  method?: 'GET' | 'POST'
}
interface Measure {
  requestsPerSecond: number
  p50: number
  p99: number
  ok: number
  non2xx: number
  errors: number
  timeouts: number
}

function pinned(cpu: number, command: string, args: string[]): [string, string[]] {
  return PINNED ? ['taskset', ['-c', String(cpu), command, ...args]] : [command, args]
}

function build() {
  if (process.env.BENCH_SKIP_BUILD !== 'true') {
    execFileSync(process.execPath, ['ace', 'build'], { cwd: ROOT, stdio: 'ignore' })
  }
  // The build reuses this app's packages instead of `npm ci --omit=dev` (same versions, offline).
  if (!existsSync(join(BUILD, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(BUILD, 'node_modules'), 'dir')
}

const appEnv = (extra: Record<string, string>) => ({
  ...process.env,
  NODE_ENV: 'production',
  APP_KEY: 'bench-key-bench-key-bench-key-bench-key',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  BENCH_ROUTES: 'true',
  // Every request comes from one address: the rate limit would measure itself, not the API.
  RATE_LIMIT_STORE: 'off',
  ...extra,
})

async function prepareDatabases(): Promise<string[]> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL })
  await admin.connect()
  const exists = await admin.query("select 1 from pg_database where datname = 'pantheon_bench'")
  if (exists.rowCount === 0) await admin.query('create database pantheon_bench')
  await admin.end()
  rmSync(SQLITE_FILE, { force: true })
  const databases: Record<string, string>[] = [
    { DB_CONNECTION: 'pg', DATABASE_URL: PG_URL },
    { DB_CONNECTION: 'sqlite', SQLITE_FILENAME: SQLITE_FILE },
  ]
  for (const env of databases) {
    execFileSync(process.execPath, ['ace', 'migration:run', '--force'], { cwd: BUILD, env: appEnv(env), stdio: 'ignore' })
  }
  const products = Array.from({ length: 1000 }, (_, n) => ({ id: uuidv7(), name: `Product ${n}`, price: '19.99' }))
  const client = new pg.Client({ connectionString: PG_URL })
  await client.connect()
  for (const product of products) {
    await client.query('insert into catalog_products (id, name, price, created_at) values ($1, $2, $3, now())', [product.id, product.name, product.price])
  }
  await client.end()
  return products.map((product) => product.id)
}

/** SQLite is seeded through the bare route of its server (one writer: the server itself). */
async function seedThrough(port: number, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let n = 0; n < count; n++) {
    const response = await fetch(`http://127.0.0.1:${port}/bench/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Product ${n}`, price: 19.99 }),
    })
    ids.push((await response.json()) as string)
  }
  return ids
}

async function startServer(label: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  const [command, commandArgs] = pinned(1, process.execPath, args)
  const child = spawn(command, commandArgs, { cwd, env: { ...env, PORT: String(port) }, stdio: 'ignore' })
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    try {
      await fetch(`http://127.0.0.1:${port}/`)
      return child
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  child.kill()
  throw new Error(`${label} did not start on ${port}`)
}

function load(target: Target, seconds: number, ids: string[]): Measure {
  const config = { url: `http://127.0.0.1:${target.port}${target.path}`, method: target.method, body: target.method === 'POST', duration: seconds, connections: CONNECTIONS, ids }
  const [command, args] = pinned(0, process.execPath, [join(ROOT, 'bench/load.mjs'), JSON.stringify(config)])
  return JSON.parse(execFileSync(command, args, { encoding: 'utf8', maxBuffer: 10 * 1024 * 1024 }))
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

interface Row {
  scenario: string
  label: string
  rps: number
  p50: number
  p99: number
  spread: number
  ok: number
  failures: number
}

function runScenario(scenario: string, targets: Target[], ids: string[]): Row[] {
  // Warm-up runs are discarded from the figures but their 2xx count in `ok` (the POST check).
  const warmupOk = targets.map((target) => load(target, WARMUP, ids).ok)
  const rounds: Measure[][] = targets.map(() => [])
  for (let round = 0; round < REPEAT; round++) {
    targets.forEach((target, index) => rounds[index].push(load(target, DURATION, ids)))
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
      spread: (Math.max(...rps) - Math.min(...rps)) / median(rps),
      ok: warmupOk[index] + runs.reduce((sum, run) => sum + run.ok, 0),
      failures: runs.reduce((sum, run) => sum + run.non2xx + run.errors + run.timeouts, 0),
    }
  })
}

async function countProducts(): Promise<number> {
  const client = new pg.Client({ connectionString: PG_URL })
  await client.connect()
  const { rows } = await client.query('select count(*)::int as total from catalog_products')
  await client.end()
  return rows[0].total
}

build()
const pgIds = await prepareDatabases()
const servers = [
  await startServer('node:http', [join(ROOT, 'bench/servers/node_http_server.mjs')], ROOT, process.env, 6101),
  await startServer('fastify', [join(ROOT, 'bench/servers/fastify_server.mjs')], ROOT, { ...process.env, DATABASE_URL: PG_URL }, 6102),
  await startServer('pantheon pg', ['bin/server.js'], BUILD, appEnv({ DB_CONNECTION: 'pg', DATABASE_URL: PG_URL }), 6103),
  await startServer('pantheon sqlite', ['bin/server.js'], BUILD, appEnv({ DB_CONNECTION: 'sqlite', SQLITE_FILENAME: SQLITE_FILE }), 6104),
]
try {
  const sqliteIds = await seedThrough(6104, 1000)
  const rows: Row[] = []
  rows.push(...runScenario('floor', [
    { label: 'node:http', port: 6101, path: '/' },
    { label: 'Fastify 5', port: 6102, path: '/floor' },
    { label: 'bare Adonis route', port: 6103, path: '/bench/floor' },
    { label: 'Pantheon full path (v1 sample)', port: 6103, path: '/api/v1/catalog/sample' },
  ], pgIds))
  rows.push(...runScenario('GET product, PostgreSQL', [
    { label: 'Fastify + pg', port: 6102, path: '/products/{id}' },
    { label: 'bare Adonis + Lucid', port: 6103, path: '/bench/products/{id}' },
    { label: 'Pantheon /api/v1/catalog/:id', port: 6103, path: '/api/v1/catalog/{id}' },
    { label: 'Pantheon /api/catalog/:id', port: 6103, path: '/api/catalog/{id}' },
  ], pgIds))
  const before = await countProducts()
  const posts = runScenario('POST product, PostgreSQL', [
    { label: 'bare Adonis, transaction', port: 6103, path: '/bench/products', method: 'POST' },
    { label: 'Pantheon POST /api/catalog/', port: 6103, path: '/api/catalog/', method: 'POST' },
  ], pgIds)
  rows.push(...posts)
  const created = (await countProducts()) - before
  rows.push(...runScenario('GET product, SQLite', [
    { label: 'bare Adonis + Lucid', port: 6104, path: '/bench/products/{id}' },
    { label: 'Pantheon /api/v1/catalog/:id', port: 6104, path: '/api/v1/catalog/{id}' },
  ], sqliteIds))

  const ratio = (label: string, baseline: string, scenario: string) => {
    const of = (name: string) => rows.find((row) => row.scenario === scenario && row.label === name)!.rps
    return of(label) / of(baseline)
  }
  const ratios = {
    'bare Adonis / Fastify (floor)': ratio('bare Adonis route', 'Fastify 5', 'floor'),
    'Pantheon / bare Adonis (floor)': ratio('Pantheon full path (v1 sample)', 'bare Adonis route', 'floor'),
    'Pantheon GET / bare Adonis (PostgreSQL)': ratio('Pantheon /api/v1/catalog/:id', 'bare Adonis + Lucid', 'GET product, PostgreSQL'),
    'Pantheon POST / bare Adonis (PostgreSQL)': ratio('Pantheon POST /api/catalog/', 'bare Adonis, transaction', 'POST product, PostgreSQL'),
    'Pantheon GET / bare Adonis (SQLite)': ratio('Pantheon /api/v1/catalog/:id', 'bare Adonis + Lucid', 'GET product, SQLite'),
  }
  const acknowledged = posts.reduce((sum, row) => sum + row.ok, 0)
  // autocannon stops counting when a run ends, with up to one request per connection in flight:
  // those may commit without their 201 being counted. Fewer rows than 201s would be a lost write.
  const inFlightAtStops = CONNECTIONS * posts.length * (REPEAT + 1)
  const writesOk = created >= acknowledged && created - acknowledged <= inFlightAtStops
  const lines = [
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; ${PINNED ? 'servers on CPU 1, load on CPU 0' : 'not pinned'}; ${CONNECTIONS} connections, ${DURATION} s × ${REPEAT} rounds after a ${WARMUP} s warm-up.`,
    '',
    '| scenario | target | req/s (median) | p50 ms | p99 ms | spread | non-2xx/errors |',
    '|---|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row.scenario} | ${row.label} | ${row.rps.toFixed(0)} | ${row.p50} | ${row.p99} | ${(row.spread * 100).toFixed(1)}% | ${row.failures} |`),
    '',
    '| ratio | value |',
    '|---|---|',
    ...Object.entries(ratios).map(([name, value]) => `| ${name} | ${(value * 100).toFixed(0)}% |`),
    '',
    `POST check: ${acknowledged} responses 201, ${created} rows created (${writesOk ? `no acknowledged write lost; ${created - acknowledged} were in flight when runs stopped` : 'MISMATCH'}).`,
  ]
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true })
  writeFileSync(join(ROOT, 'bench/results/latest.md'), `${lines.join('\n')}\n`)
  writeFileSync(join(ROOT, 'bench/results/latest.json'), `${JSON.stringify({ rows, ratios, acknowledged, created }, null, 2)}\n`)
  console.log(lines.join('\n'))
  const unstable = rows.filter((row) => row.spread > 0.1)
  if (unstable.length > 0 || !writesOk) {
    console.error(`unstable: ${unstable.map((row) => `${row.scenario} / ${row.label}`).join(', ') || 'none'}`)
    process.exitCode = 1
  }
} finally {
  for (const server of servers) server.kill('SIGTERM')
}
