import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

/**
 * A PostgreSQL server of its own (initdb into a temporary folder, its own port), for tests that
 * stop and restart the database: the machine's shared server must never be touched.
 */
export interface PostgresInstance {
  /** Connection URL of the database created in it for the app. */
  url: string
  /** `pg_ctl stop -m immediate`: every backend dies at once, as in a crash. */
  kill: () => void
  /** `pg_ctl start`, waiting until it accepts connections (after crash recovery). */
  start: () => void
  /**
   * SIGSTOP to the server and every backend: connections are still accepted by the kernel and
   * bytes still arrive, but nothing is answered (a hung or partitioned database).
   */
  freeze: () => void
  /** SIGCONT to the same processes: the server carries on with whatever arrived meanwhile. */
  thaw: () => void
  /** Stops it if it runs and deletes its folder; safe to call at any point. */
  destroy: () => void
}

/**
 * Where initdb and pg_ctl live: PG_BIN, else `pg_config --bindir`, else the newest
 * /usr/lib/postgresql/<version>/bin. None found is an error, never a reason to skip.
 */
function binaries(): string {
  const candidates = [process.env.PG_BIN]
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim())
  } catch {}
  if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))
    candidates.push(...versions.map((version) => `/usr/lib/postgresql/${version}/bin`))
  }
  const found = candidates.find(
    (folder) => folder && existsSync(join(folder, 'initdb')) && existsSync(join(folder, 'pg_ctl'))
  )
  if (!found) {
    throw new Error(
      'initdb and pg_ctl were not found (set PG_BIN to their folder): this test needs a PostgreSQL server of its own'
    )
  }
  return found
}

/** initdb and the server refuse to run as root; as root, they run as the postgres user. */
const asRoot = process.getuid?.() === 0

function run(bin: string, tool: string, args: string[]) {
  const [command, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
    : [join(bin, tool), args]
  try {
    // From / : the postgres user may not enter the directory the tests run in (a checkout in a
    // mktemp folder is private to its owner), and pg_ctl changes into it.
    execFileSync(command, argv, { stdio: 'pipe', timeout: 60_000, cwd: '/' })
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? ''
    throw new Error(`${tool} ${args.join(' ')} failed: ${stderr || String(error)}`)
  }
}

export async function startPostgresInstance(
  port: number,
  database = 'pantheon'
): Promise<PostgresInstance> {
  const bin = binaries()
  const folder = mkdtempSync(join(tmpdir(), 'pantheon-pg-'))
  const data = join(folder, 'data')
  if (asRoot) {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }))
    chownSync(folder, id('-u'), id('-g'))
  }
  // Loopback only, and its socket in its own folder, so it meets no other server.
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1`
  const start = () =>
    run(bin, 'pg_ctl', [
      '-D',
      data,
      '-l',
      join(folder, 'server.log'),
      '-w',
      '-t',
      '30',
      '-o',
      options,
      'start',
    ])
  const stop = () => run(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
  /** The postmaster: the first line of postmaster.pid. */
  const postmaster = () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
  const childrenOf = (parent: number) =>
    execFileSync('ps', ['-o', 'pid=', '--ppid', String(parent)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number)
  const signal = (pid: number, name: NodeJS.Signals) => {
    try {
      process.kill(pid, name)
    } catch {} // A backend that ended meanwhile.
  }
  let frozen: number[] = []
  /**
   * The postmaster first, so that it forks no backend after its children are listed: one forked
   * between the listing and the signals would go on answering while the test counts the server
   * as frozen (a readiness check on a new connection answered 200 that way).
   */
  const freeze = () => {
    const parent = postmaster()
    signal(parent, 'SIGSTOP')
    frozen = [parent, ...childrenOf(parent)]
    for (const pid of frozen.slice(1)) signal(pid, 'SIGSTOP')
  }
  const thaw = () => {
    for (const pid of frozen) signal(pid, 'SIGCONT')
    frozen = []
  }
  const destroy = () => {
    thaw()
    try {
      stop()
    } catch {}
    rmSync(folder, { recursive: true, force: true })
  }
  try {
    run(bin, 'initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '--no-sync',
      '--no-instructions',
    ])
    start()
    const admin = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
    })
    await admin.connect()
    await admin.query(`create database ${database}`)
    await admin.end()
  } catch (error) {
    destroy()
    throw error
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    kill: stop,
    start,
    freeze,
    thaw,
    destroy,
  }
}
