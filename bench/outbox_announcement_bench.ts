/*
 * Pantheon's create with its relay in another process (OUTBOX_RELAY=off, on PostgreSQL),
 * announcing each commit to relays elsewhere after it (OutboxCommitAnnouncer, this build)
 * against announcing inside the transaction, as the outbox did before: the same production build
 * twice, the second copy's compiled outbox.js edited back. The bare AdonisJS route running the
 * peers' statements is the yardstick. Servers pinned to CPU 1, wrk to CPU 0, interleaved
 * one-second slices (bench/http/rounds.ts). Prints each target's rounds and the paired ratios.
 * Run: npm run bench:announcement
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pairedRatio, runScenario } from './http/rounds.js'
import {
  appEnv,
  build,
  PEERS_PG_URL,
  prepareDatabases,
  startServer,
  stopServer,
} from './http/servers.js'

const OUTBOX_JS = 'app/building_blocks/infrastructure/messaging/outbox.js'

/** The build's outbox with the announcement back inside the transaction. */
function announceInside(buildRoot: string) {
  const path = join(buildRoot, OUTBOX_JS)
  const text = readFileSync(path, 'utf8')
  const edited = text.replace(
    /transaction\.after\('commit', \(\) => \{\s*this\.#onCommit\(connection\);?\s*if \(announce\)\s*this\.#announcer\.committed\(connection\);?\s*\}\);?/,
    `if (announce) await transaction.rawQuery("select pg_notify('pantheon_outbox', '')");
            transaction.after('commit', () => this.#onCommit(connection));`
  )
  if (edited === text) throw new Error(`${OUTBOX_JS} no longer announces as this bench expects`)
  writeFileSync(path, edited)
}

const { appRoot, remove } = build()
const insideRoot = `${appRoot}-inside`
cpSync(appRoot, insideRoot, { recursive: true })
announceInside(insideRoot)
const ids = await prepareDatabases(appRoot)
const env = appEnv({ DB_CONNECTION: 'pg', DATABASE_URL: PEERS_PG_URL, OUTBOX_RELAY: 'off' })
const after = await startServer('announcing after', ['bin/server.js'], appRoot, env, 6107)
const inside = await startServer('announcing inside', ['bin/server.js'], insideRoot, env, 6108)
try {
  const [bare, afterCommit, insideTransaction] = await runScenario(
    'POST product, relay in another process',
    [
      {
        label: 'bare Adonis, same statements',
        port: 6107,
        pid: after.pid!,
        path: '/bench/products-with-event',
        method: 'POST',
      },
      {
        label: 'Pantheon, announced after the commit',
        port: 6107,
        pid: after.pid!,
        path: '/api/catalog/',
        method: 'POST',
      },
      {
        label: 'Pantheon, announced inside the transaction',
        port: 6108,
        pid: inside.pid!,
        path: '/api/catalog/',
        method: 'POST',
      },
    ],
    ids,
    {
      duration: Number(process.env.BENCH_DURATION ?? 20),
      slice: 1,
      warmup: 5,
      repeat: 3,
      connections: 50,
    }
  )
  console.log('| target | req/s per round | server CPU µs/req per round |\n|---|---|---|')
  for (const row of [bare, afterCommit, insideTransaction]) {
    const rounds = row.rounds
    console.log(
      `| ${row.label} | ${rounds.map((run) => run.requestsPerSecond.toFixed(0)).join(', ')} | ${rounds.map((run) => run.cpuPerRequest.toFixed(0)).join(', ')} |`
    )
  }
  const show = (name: string, ratio: { median: number; min: number; max: number }) =>
    console.log(
      `${name}: ${ratio.median.toFixed(3)} (${ratio.min.toFixed(3)}–${ratio.max.toFixed(3)})`
    )
  console.log()
  show('after / inside, req/s', pairedRatio(afterCommit, insideTransaction, 'rps'))
  show(
    'after / inside, CPU per create (inside over after)',
    pairedRatio(afterCommit, insideTransaction, 'cpu')
  )
  show('after / bare, req/s', pairedRatio(afterCommit, bare, 'rps'))
  show('inside / bare, req/s', pairedRatio(insideTransaction, bare, 'rps'))
} finally {
  await stopServer(after)
  await stopServer(inside)
  remove()
  rmSync(insideRoot, { recursive: true, force: true })
}
