/*
 * Load check (npm run load): the production build on SQLite, then on PostgreSQL, driven at
 * saturation by autocannon with a mix of creates and reads (bench/load_check/mix.mjs). After a
 * warm-up and after the run, the server idles for a moment, runs a full garbage collection
 * (through its inspector, bench/load_check/forced_gc.ts) and its RSS is read. It passes
 * when nothing failed, every 201 is in the database and RSS held steady (bench/load_check/
 * criteria.ts); it prints a Markdown summary and exits 1 otherwise. Not a benchmark: the numbers
 * it prints are context, never criteria.
 *
 *   npm run load -- --duration 5 --warmup 5     (CI; defaults: 30 s after a 10 s warm-up)
 *   npm run load -- --build <folder>            (a build `npm run bench:build` made)
 *
 * LOAD_DURATION, LOAD_WARMUP and LOAD_CONNECTIONS do the same as the flags; LOAD_PG_ADMIN_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres) is where the pantheon_load database is
 * created and dropped.
 */
import { execFileSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { givenOrNewBuild } from './load_check/isolated_build.js'
import { migrateAndStart } from './load_check/production_server.js'
import { postgresDatabase, sqliteDatabase, type LoadDatabase } from './load_check/databases.js'
import { judge, type MixOutcome, type Verdict } from './load_check/criteria.js'
import { residentSetKb } from './load_check/resident_memory.js'
import { collectGarbage } from './load_check/forced_gc.js'

const ROOT = join(import.meta.dirname, '..')
const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: process.env.LOAD_DURATION ?? '30' },
    warmup: { type: 'string', default: process.env.LOAD_WARMUP ?? '10' },
    connections: { type: 'string', default: process.env.LOAD_CONNECTIONS ?? '50' },
    build: { type: 'string' },
  },
})
const DURATION = Number(flags.duration)
const WARMUP = Number(flags.warmup)
const CONNECTIONS = Number(flags.connections)
const PG_ADMIN_URL = process.env.LOAD_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
/** Idle time before RSS is read: requests in flight when autocannon stopped get answered. */
const SETTLE_MS = 1000

for (const [name, value] of Object.entries({
  duration: DURATION,
  warmup: WARMUP,
  connections: CONNECTIONS,
})) {
  if (!Number.isInteger(value) || value < 1)
    throw new Error(
      `--${name} takes a whole number from 1, not "${flags[name as keyof typeof flags]}"`
    )
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function drive(port: number, duration: number): MixOutcome {
  const config = { origin: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration }
  const output = execFileSync(
    process.execPath,
    [join(ROOT, 'bench/load_check/mix.mjs'), JSON.stringify(config)],
    {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    }
  )
  return JSON.parse(output)
}

interface Report {
  label: string
  run?: MixOutcome
  verdicts: Verdict[]
}

/** The server's RSS once work in progress has finished and garbage is collected. */
async function settledRssKb(pid: number, inspectorPort: number) {
  await pause(SETTLE_MS)
  await collectGarbage(inspectorPort)
  return residentSetKb(pid)
}

async function check(appRoot: string, database: LoadDatabase, port: number): Promise<Report> {
  const inspectorPort = port + 10
  const env = {
    NODE_ENV: 'production',
    APP_KEY: 'load-check-key-load-check-key-load-check',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    // Saturation from one client is the point here; the per-client limit has its own tests.
    RATE_LIMIT_STORE: 'off',
    ...database.env,
  }
  // The inspector listens on loopback only; it is how a full garbage collection is asked for.
  const server = await migrateAndStart(appRoot, env, {
    NODE_OPTIONS: `--inspect=127.0.0.1:${inspectorPort}`,
  })
  let exitCode: number | null = null
  try {
    const warmup = drive(port, WARMUP)
    const rssWarmKb = await settledRssKb(server.process.pid!, inspectorPort)
    const run = drive(port, DURATION)
    const rssAfterKb = await settledRssKb(server.process.pid!, inspectorPort)
    const stoppingAt = performance.now()
    exitCode = await server.stop()
    const stopSeconds = (performance.now() - stoppingAt) / 1000
    const ids = [...warmup.acknowledged, ...run.acknowledged]
    const stored = await database.stored(ids)
    const verdicts = judge({
      connections: CONNECTIONS,
      phases: [warmup, run],
      stored,
      rssWarmKb,
      rssAfterKb,
      exitCode,
      stopSeconds,
    })
    return { label: database.label, run, verdicts }
  } finally {
    if (exitCode === null) await server.stop()
  }
}

/** One database's check; a run that cannot even complete is a failed criterion of its own. */
async function checkOn(
  appRoot: string,
  open: () => Promise<LoadDatabase> | LoadDatabase,
  port: number,
  label: string
) {
  let database: LoadDatabase | undefined
  try {
    database = await open()
    return await check(appRoot, database, port)
  } catch (error) {
    return {
      label,
      verdicts: [
        { criterion: 'the run completes', passed: false, detail: String(error).split('\n')[0] },
      ],
    }
  } finally {
    await database?.drop()
  }
}

function summary(reports: Report[]): string {
  const lines = [
    `## Load check: ${DURATION} s at ${CONNECTIONS} connections after a ${WARMUP} s warm-up (production build)`,
  ]
  for (const report of reports) {
    const context = report.run
      ? ` — ${report.run.requestsPerSecond.toFixed(0)} req/s, p99 ${report.run.p99} ms, ${report.run.requests} requests in the run`
      : ''
    lines.push(
      '',
      `### ${report.label}${context}`,
      '',
      '| criterion | result | detail |',
      '|---|---|---|'
    )
    for (const verdict of report.verdicts) {
      lines.push(
        `| ${verdict.criterion} | ${verdict.passed ? 'pass' : '**FAIL**'} | ${verdict.detail} |`
      )
    }
  }
  lines.push('', `Load check ${allPassed(reports) ? 'passed' : 'FAILED'}.`)
  return lines.join('\n')
}

const allPassed = (reports: Report[]) =>
  reports.every((report) => report.verdicts.every((verdict) => verdict.passed))

const build = givenOrNewBuild(ROOT, flags.build)
try {
  const folder = dirname(build.appRoot)
  const reports = [
    await checkOn(build.appRoot, () => sqliteDatabase(folder), 5401, 'SQLite'),
    await checkOn(build.appRoot, () => postgresDatabase(PG_ADMIN_URL), 5402, 'PostgreSQL'),
  ]
  console.log(summary(reports))
  if (!allPassed(reports)) process.exitCode = 1
} finally {
  build.remove()
}
