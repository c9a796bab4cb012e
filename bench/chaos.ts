/*
 * Chaos run (npm run chaos): the production build on SQLite, then on PostgreSQL, sent
 * generated bad requests (tests/common/bad_requests/: malformed, truncated and deeply nested
 * JSON, wrong types, huge numbers and arrays, NUL and unusual Unicode, prototype keys, odd
 * methods, paths, headers, encodings and broken framing over raw sockets) with good ones mixed
 * in, 20 at a time. It fails (exit 1) on any 5xx, any failure answered with a body that is not
 * problem details, any request left without an answer for 10 s or dropped without one, or a
 * server that crashed or no longer answers GET /health/live afterwards; it prints a Markdown
 * summary either way, with examples to reproduce each failure (docs/reliability.md).
 *
 *   npm run chaos -- --requests 1500        (CI; default 10,000 per database)
 *   npm run chaos -- --seed 1234            (the same requests again; the seed is printed)
 *   npm run chaos -- --build <folder>       (a build `npm run bench:build` made)
 *
 * --seconds stops sending after that long; --concurrency, --limit (seconds per request) and
 * --port (SQLite's server; PostgreSQL's is the next) change the rest. CHAOS_PG_ADMIN_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres) is where the pantheon_chaos database
 * is created and dropped.
 */
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { givenOrNewBuild } from './load_check/isolated_build.js'
import { postgresDatabase, sqliteDatabase, type LoadDatabase } from './load_check/databases.js'
import { migrateAndStart } from './load_check/production_server.js'
import { runRequests } from './chaos/run_requests.js'
import { databaseSection, passed, type DatabaseRun } from './chaos/report.js'
import { portInUse } from './chaos/port_in_use.js'

const ROOT = join(import.meta.dirname, '..')
const { values: flags } = parseArgs({
  options: {
    requests: { type: 'string', default: process.env.CHAOS_REQUESTS ?? '10000' },
    seconds: { type: 'string' },
    seed: { type: 'string' },
    concurrency: { type: 'string', default: '20' },
    limit: { type: 'string', default: '10' },
    port: { type: 'string', default: '5403' },
    build: { type: 'string' },
  },
})

function wholeNumber(name: string, text: string, min: number): number {
  const value = Number(text)
  if (Number.isInteger(value) && value >= min) return value
  console.error(`--${name} takes a whole number from ${min}, not "${text}"`)
  process.exit(2)
}

const REQUESTS = wholeNumber('requests', flags.requests, 1)
const SECONDS = flags.seconds === undefined ? undefined : wholeNumber('seconds', flags.seconds, 1)
const SEED =
  flags.seed === undefined
    ? Math.floor(Math.random() * 2 ** 31)
    : wholeNumber('seed', flags.seed, -(2 ** 31))
const CONCURRENCY = wholeNumber('concurrency', flags.concurrency, 1)
const LIMIT_MS = wholeNumber('limit', flags.limit, 1) * 1000
const PORT = wholeNumber('port', flags.port, 1)
const PG_ADMIN_URL = process.env.CHAOS_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** The server's logged errors (pino levels 50 and 60), or its last lines after a crash. */
function serverLog(output: string, crashed: boolean): string[] {
  const lines = output.split('\n').filter((line) => line.trim().length > 0)
  const kept = crashed ? lines.slice(-20) : lines.filter((line) => /"level":(50|60)/.test(line))
  return kept.slice(0, 20).map((line) => line.slice(0, 1000))
}

async function liveStatus(port: number): Promise<number | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/health/live`, {
      signal: AbortSignal.timeout(LIMIT_MS),
    })
    await response.arrayBuffer()
    return response.status
  } catch {
    return undefined
  }
}

async function chaosOn(
  appRoot: string,
  database: LoadDatabase,
  port: number
): Promise<DatabaseRun> {
  if (await portInUse(port))
    throw new Error(
      `port ${port} is in use: stop what listens there, or choose another with --port`
    )
  const server = await migrateAndStart(appRoot, {
    NODE_ENV: 'production',
    APP_KEY: 'chaos-check-key-chaos-check-key-chaos-ch',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    // One client sends everything here; the per-client limit has its own tests.
    RATE_LIMIT_STORE: 'off',
    // The OpenAPI documents are among the requests sent (off in production by default).
    API_DOCS_ENABLED: 'true',
    ...database.env,
  })
  const alive = () => server.process.exitCode === null && server.process.signalCode === null
  // A run that ends early (an error, its output closed) takes its server with it.
  const killServer = () => server.process.kill('SIGKILL')
  process.once('exit', killServer)
  try {
    const tally = await runRequests({
      port,
      seed: SEED,
      requests: REQUESTS,
      seconds: SECONDS,
      concurrency: CONCURRENCY,
      limitMs: LIMIT_MS,
      serverAlive: alive,
    })
    const crashed = !alive()
    return {
      label: database.label,
      port,
      tally,
      crashed,
      liveStatus: crashed ? undefined : await liveStatus(port),
      serverLog: serverLog(server.output(), crashed),
    }
  } finally {
    await server.stop()
    process.off('exit', killServer)
  }
}

/** One database's run; one that cannot even start is a failure of its own. */
async function runOn(
  appRoot: string,
  open: () => Promise<LoadDatabase> | LoadDatabase,
  port: number,
  label: string
): Promise<DatabaseRun> {
  let database: LoadDatabase | undefined
  try {
    database = await open()
    return await chaosOn(appRoot, database, port)
  } catch (error) {
    const failure = String(error).split('\n')[0]
    return {
      label,
      port,
      crashed: false,
      failure,
      serverLog: String(error).split('\n').slice(1, 21),
    }
  } finally {
    await database?.drop()
  }
}

console.log(
  `Chaos run, seed ${SEED} (replay with --seed ${SEED}); ${flags.build ? `on the build in ${flags.build}` : 'building the app'} ...`
)
const build = givenOrNewBuild(ROOT, flags.build, 'pantheon-chaos-')
// On the way out however the run ends, an error or its output closed included.
process.once('exit', build.remove)
const folder = dirname(build.appRoot)
const runs: DatabaseRun[] = []
for (const [label, open, port] of [
  ['SQLite', () => sqliteDatabase(folder, 'chaos'), PORT],
  ['PostgreSQL', () => postgresDatabase(PG_ADMIN_URL, 'pantheon_chaos'), PORT + 1],
] as const) {
  console.log(`${label}: sending ${REQUESTS.toLocaleString('en-US')} requests ...`)
  runs.push(await runOn(build.appRoot, open, port, label))
}
const allPassed = runs.every(passed)
const howMany =
  SECONDS === undefined
    ? `${REQUESTS.toLocaleString('en-US')} generated requests`
    : `up to ${REQUESTS.toLocaleString('en-US')} generated requests in ${SECONDS} s`
console.log(
  [
    '',
    `## Chaos run: ${howMany} per database, ${CONCURRENCY} at a time, seed ${SEED} (production build)`,
    ...runs.flatMap(databaseSection),
    '',
    `Chaos run ${allPassed ? 'passed' : 'FAILED'}.`,
  ].join('\n')
)
if (!allPassed) process.exitCode = 1
