import { test } from '@japa/runner'
import { execFileSync } from 'node:child_process'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import pg from 'pg'
import { startPostgresInstance } from '#tests/common/postgres_instance'
import { productionHostEnv, startServerProcess } from '#tests/common/server_process'
import { storedInPostgres, storedInSqlite } from '#tests/common/stored_products'
import { testPort } from '#tests/common/test_ports'

const PORT = testPort(151)
const POSTGRES_PORT = testPort(152)
const base = `http://127.0.0.1:${PORT}`
/** A disk of its own, smaller than the write-ahead log grows before its first checkpoint (4 MB). */
const DISK = app.tmpPath(`storage-full-${PORT}`)
const DATABASE = join(DISK, 'db.sqlite3')
const FILLER = join(DISK, 'filler')

type Answer = { status: number; code?: string; id?: string }

async function createProducts(count: number, label: string, until?: (answer: Answer) => boolean) {
  const answers: Answer[] = []
  for (let n = 0; n < count && !(answers.length > 0 && until?.(answers.at(-1)!)); n++) {
    const response = await fetch(`${base}/api/catalog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `${label} ${n} ${'x'.repeat(150)}`, price: 1 }),
    })
    const body = (await response.json()) as string | { code: string }
    answers.push(
      response.status === 201
        ? { status: 201, id: body as string }
        : { status: response.status, code: (body as { code: string }).code }
    )
  }
  return answers
}

async function readiness() {
  const response = await fetch(`${base}/health/ready`)
  const body = (await response.json()) as { checks: Record<string, string> }
  return { status: response.status, storage: body.checks['Database storage'] }
}

/*
 * On a 3 MB tmpfs mounted for the test (root only, as CI runs): the disk fills while the host
 * writes, then space is freed.
 */
test.group('SQLite storage full', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  group.setup(async () => {
    await mkdir(DISK, { recursive: true })
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=3m', 'tmpfs', DISK])
    return async () => {
      execFileSync('umount', [DISK])
      await rm(DISK, { recursive: true, force: true })
    }
  })

  test('writes answer 503 while the disk is full, readiness follows, and writes resume once space is freed, none lost', async ({
    assert,
    cleanup,
  }) => {
    const host = await startServerProcess(
      productionHostEnv(PORT, { DB_CONNECTION: 'sqlite', SQLITE_FILENAME: DATABASE })
    )
    cleanup(async () => void (await host.stop()))
    // Leaves about 600 KB for the database and its log.
    await writeFile(FILLER, Buffer.alloc(2200 * 1024))

    const whileFull = await createProducts(300, 'Full')
    const statuses = new Set(whileFull.map((answer) => `${answer.status} ${answer.code ?? ''}`))
    assert.sameMembers([...statuses], ['201 ', '503 Database.StorageFull'], host.output())
    assert.deepEqual(await readiness(), { status: 503, storage: 'error' })

    await rm(FILLER)
    assert.deepEqual(await readiness(), { status: 200, storage: 'ok' })
    const afterwards = await createProducts(300, 'Freed')
    assert.isTrue(
      afterwards.every((answer) => answer.status === 201),
      `${afterwards.filter((answer) => answer.status !== 201).length} of 300 failed after space was freed`
    )

    assert.equal(await host.stop(), 0)
    const acknowledged = [...whileFull, ...afterwards].flatMap((answer) => answer.id ?? [])
    const stored = storedInSqlite(DATABASE, acknowledged)
    assert.equal(stored.present, acknowledged.length, 'every acknowledged write is stored')
    assert.equal(stored.rows, acknowledged.length, 'nothing refused was stored')
  }).timeout(120_000)
})

/*
 * PostgreSQL of its own, with the app's tables in a tablespace on a 1 MB tmpfs (its write-ahead
 * log stays on the larger disk, as a server's usually does): tables that cannot grow answer
 * 53100 "could not extend file".
 */
test.group('PostgreSQL storage full', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  // Under the system's temporary folder, not this checkout's tmp/: the server runs as the
  // postgres user, who may not pass through a checkout private to its owner (CI's mktemp clone).
  const disk = join(tmpdir(), `pantheon-storage-full-pg-${POSTGRES_PORT}`)
  group.setup(async () => {
    await mkdir(disk, { recursive: true, mode: 0o755 })
    const owner = (flag: string) =>
      execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim()
    execFileSync('mount', [
      '-t',
      'tmpfs',
      '-o',
      `size=1m,uid=${owner('-u')},gid=${owner('-g')},mode=0700`,
      'tmpfs',
      disk,
    ])
    return async () => {
      execFileSync('umount', [disk])
      await rm(disk, { recursive: true, force: true })
    }
  })

  test('writes answer 503 while the tables cannot grow, and resume once space is freed, none lost', async ({
    assert,
    cleanup,
  }) => {
    const postgres = await startPostgresInstance(POSTGRES_PORT)
    cleanup(() => postgres.destroy())
    const admin = new pg.Client({ connectionString: postgres.url })
    await admin.connect()
    // The location must exist and belong to the server's user.
    execFileSync('runuser', ['-u', 'postgres', '--', 'mkdir', `${disk}/space`])
    await admin.query(`create tablespace small location '${disk}/space'`)
    await admin.query('alter database pantheon set default_tablespace = small')
    await admin.end()

    const host = await startServerProcess(
      productionHostEnv(PORT, { DB_CONNECTION: 'pg', DATABASE_URL: postgres.url }),
      { readyPath: '/health/ready' }
    )
    cleanup(async () => void (await host.stop()))
    const filler = join(disk, 'filler')
    execFileSync(
      'runuser',
      ['-u', 'postgres', '--', 'dd', 'if=/dev/zero', `of=${filler}`, 'bs=1k', 'count=700'],
      { stdio: 'ignore' }
    )

    const whileFull = await createProducts(5_000, 'Full', (answer) => answer.status === 503)
    const last = whileFull.at(-1)!
    assert.deepEqual([last.status, last.code], [503, 'Database.StorageFull'], host.output())
    assert.isTrue(whileFull.slice(0, -1).every((answer) => answer.status === 201))
    assert.deepEqual(await readiness(), { status: 503, storage: 'error' })

    execFileSync('runuser', ['-u', 'postgres', '--', 'rm', filler])
    const afterwards = await createProducts(50, 'Freed')
    assert.isTrue(afterwards.every((answer) => answer.status === 201))
    assert.deepEqual(await readiness(), { status: 200, storage: 'ok' })

    await host.stop()
    const acknowledged = [...whileFull, ...afterwards].flatMap((answer) => answer.id ?? [])
    const stored = await storedInPostgres(postgres.url, acknowledged)
    assert.deepEqual(stored, { rows: acknowledged.length, present: acknowledged.length })
  }).timeout(180_000)
})
