/*
 * What `npm run bench` runs against: the production build, its databases and the servers, each
 * pinned to its CPU. Split from bench/http_bench.ts, which decides what is measured.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { withPostgres } from '../postgres.js'
import { v7 as uuidv7 } from 'uuid'
import { buildIntoTemporaryFolder } from '../load_check/isolated_build.js'

export const ROOT = join(import.meta.dirname, '../..')
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
export const PG_URL = PG_ADMIN_URL.replace(/\/[^/]*$/, '/pantheon_bench')
/**
 * The peers' copy of the database (NestJS, Fastify + pg), made from the seeded one: the rows
 * their creates add to its outbox are not Pantheon's relay's to deliver, which would spend the
 * CPU the peers are measured on.
 */
export const PEERS_PG_URL = PG_ADMIN_URL.replace(/\/[^/]*$/, '/pantheon_bench_peers')
export const SQLITE_FILE = join(tmpdir(), 'pantheon-bench.sqlite3')
export const PINNED = cpus().length >= 2 && existsSync('/usr/bin/taskset')

/** Servers on CPU 1, the load generator on CPU 0: they never take turns on one core. */
export const SERVER_CPU = 1
export const LOAD_CPU = 0

export function pinned(cpu: number, command: string, args: string[]): [string, string[]] {
  return PINNED ? ['taskset', ['-c', String(cpu), command, ...args]] : [command, args]
}

/**
 * The production build, compiled into a temporary folder (see load_check/isolated_build.ts): the
 * test suites rebuild build/ and would pull it from under a running server. BENCH_SKIP_BUILD=true
 * reuses an existing build/ instead.
 */
export function build(): { appRoot: string; remove: () => void } {
  if (process.env.BENCH_SKIP_BUILD === 'true')
    return { appRoot: join(ROOT, 'build'), remove: () => {} }
  return buildIntoTemporaryFolder(ROOT)
}

export const appEnv = (extra: Record<string, string>) => ({
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

/** Creates both databases afresh, migrates them and seeds 1,000 products on PostgreSQL; returns their ids. */
export async function prepareDatabases(appRoot: string): Promise<string[]> {
  // A new database every run: rows, dead tuples and outbox history left by an earlier run made
  // the next one's inserts measurably slower, so two runs were not comparable.
  await withPostgres(PG_ADMIN_URL, async (admin) => {
    await admin.query('drop database if exists pantheon_bench_peers with (force)')
    await admin.query('drop database if exists pantheon_bench with (force)')
    await admin.query('create database pantheon_bench')
  })
  rmSync(SQLITE_FILE, { force: true })
  const databases: Record<string, string>[] = [
    { DB_CONNECTION: 'pg', DATABASE_URL: PG_URL },
    { DB_CONNECTION: 'sqlite', SQLITE_FILENAME: SQLITE_FILE },
  ]
  for (const env of databases) {
    execFileSync(process.execPath, ['ace', 'migration:run', '--force'], {
      cwd: appRoot,
      env: appEnv(env),
      stdio: 'ignore',
    })
  }
  const products = Array.from({ length: 1000 }, (_, n) => ({
    id: uuidv7(),
    name: `Product ${n}`,
    price: '19.99',
  }))
  const ids = await withPostgres(PG_URL, async (client) => {
    for (const product of products) {
      await client.query(
        'insert into catalog_products (id, name, price, created_at) values ($1, $2, $3, now())',
        [product.id, product.name, product.price]
      )
    }
    return products.map((product) => product.id)
  })
  await withPostgres(PG_ADMIN_URL, (admin) =>
    admin.query('create database pantheon_bench_peers template pantheon_bench')
  )
  return ids
}

/** SQLite is seeded through the bare route of its server (one writer: the server itself). */
export async function seedThrough(port: number, count: number): Promise<string[]> {
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

/** Products stored on PostgreSQL, Pantheon's and the peers' together. */
export async function countProducts(): Promise<number> {
  let total = 0
  for (const url of [PG_URL, PEERS_PG_URL]) {
    total += await withPostgres(url, async (client) => {
      const { rows } = await client.query('select count(*)::int as total from catalog_products')
      return rows[0].total as number
    })
  }
  return total
}

/**
 * Waits until the relay has delivered every event in the outbox, so that no run measures the
 * backlog another run left behind (the relay runs in the Pantheon server, on the same CPU).
 * Returns how long that took, in seconds.
 */
export async function outboxDrained(timeoutMs = 120_000): Promise<number> {
  const started = Date.now()
  return withPostgres(PG_URL, async (client) => {
    for (;;) {
      const { rows } = await client.query(
        "select count(*)::int as pending from pantheon_outbox where status <> 'sent'"
      )
      if (rows[0].pending === 0) return (Date.now() - started) / 1000
      if (Date.now() - started > timeoutMs)
        throw new Error(`${rows[0].pending} outbox rows still pending after ${timeoutMs} ms`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  })
}

/** CPU time (user + system) a process has used so far, in microseconds, from /proc. */
export function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10_000
}

export async function startServer(
  label: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  port: number
): Promise<ChildProcess> {
  const [command, commandArgs] = pinned(SERVER_CPU, process.execPath, args)
  // taskset execs node in place, so the child's pid is the server's (what cpuMicros reads).
  const child = spawn(command, commandArgs, {
    cwd,
    env: { ...env, PORT: String(port) },
    stdio: 'ignore',
  })
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

/**
 * Fails unless every floor target answers 200 with the same body and content type: the floor
 * compares how servers get to one answer, so a route whose answer drifted would skew it.
 */
export async function requireSameFloorAnswer(urls: string[], body: string): Promise<void> {
  for (const url of urls) {
    const response = await fetch(url)
    const answer = `${response.status} ${response.headers.get('content-type')} ${await response.text()}`
    const expected = `200 application/json; charset=utf-8 ${body}`
    if (answer !== expected)
      throw new Error(
        `${url} answers ${answer}, not ${expected}: the floor targets must answer alike`
      )
  }
}

/** SIGTERM, then waits for the exit (the build folder is removed only after). */
export function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  return exited
}
