import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { startServerProcess, type RunningServer } from '#tests/common/server_process'
import { startPostgresInstance, type PostgresInstance } from '#tests/common/postgres_instance'
import { TcpProxy } from '#tests/common/tcp_proxy'
import { testPort } from '#tests/common/test_ports'

/*
 * The app runs on a PostgreSQL server of the test's own, which is frozen (SIGSTOP to every one
 * of its processes) under a steady stream of creates: TCP still connects and bytes still
 * arrive, but nothing is answered, as with a hung server or a network partition. Freezing at
 * arbitrary moments of the stream catches requests in every phase: waiting for a connection,
 * at BEGIN, at a statement, at COMMIT. Every request must be answered within the bound, and a
 * create answered 503 Database.Unavailable must never be committed once the server resumes; only
 * one answered Database.CommitUnconfirmed (its COMMIT was sent) may be.
 */
const APP_PORT = testPort(128)
const PG_PORT = testPort(321)
const ORIGIN = `http://127.0.0.1:${APP_PORT}`
const ANSWER_BOUND_MS = 5000
/**
 * Measured at the client, so scheduling on a loaded machine is added to the server's bound: a
 * CI lane beside four others saw readiness answer 1.15 s after its 2 s bound. What this spec
 * guards is that nothing waits for the frozen server unbounded: a request that did would answer
 * when the server resumes, FROZEN_MS after the freeze, beyond every bound with its slack (the
 * writers always have a create in flight when a freeze begins). Readiness's own bound on a
 * dependency that says nothing is held to it closely in tests/unit/host/bounded_check.spec.ts.
 */
const MEASURING_SLACK_MS = 1500
const READY_BOUND_MS = 2000
const FROZEN_MS = 7000
const FREEZES = 2
/** What a create may answer while the server is frozen. */
const UNAVAILABLE_CODES = ['Database.Unavailable', 'Database.CommitUnconfirmed']

interface Create {
  name: string
  status: number
  code?: string
  ms: number
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function timed(url: string, init: RequestInit = {}) {
  const startedAt = performance.now()
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) })
    const body = (await response.json().catch(() => undefined)) as { code?: string } | undefined
    return { status: response.status, code: body?.code, ms: performance.now() - startedAt }
  } catch {
    return { status: 0, ms: performance.now() - startedAt }
  }
}

async function storedNames(url: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ name: string }>('select name from catalog_products')
    return new Set(rows.map((row) => row.name))
  } finally {
    await client.end()
  }
}

test.group('PostgreSQL frozen under load', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  test('every request answers within 5 s and a create answered 503 Database.Unavailable never commits later', async ({
    assert,
    cleanup,
  }) => {
    const postgres = await startPostgresInstance(PG_PORT)
    cleanup(() => postgres.destroy())
    const server = await startServerProcess({
      NODE_ENV: 'production',
      APP_KEY: 'a-production-key-that-is-long-enough-123',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(APP_PORT),
      DB_CONNECTION: 'pg',
      DATABASE_URL: postgres.url,
      DB_AUTO_MIGRATE: 'true',
      RATE_LIMIT_STORE: 'off',
    })
    cleanup(async () => void (await server.stop()))

    const creates: Create[] = []
    let writing = true
    let sequence = 0
    const writers = Array.from({ length: 6 }, async () => {
      while (writing) {
        const name = `Frozen ${sequence++}`
        const answer = await timed(`${ORIGIN}/api/catalog`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name, price: 1 }),
        })
        creates.push({ name, ...answer })
        await pause(5)
      }
    })

    const created = await timed(`${ORIGIN}/api/catalog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Read while frozen', price: 1 }),
    })
    assert.equal(created.status, 201)

    const duringFreeze: { what: string; status: number; code?: string; ms: number }[] = []
    for (let round = 0; round < FREEZES; round++) {
      await pause(700 + Math.random() * 600)
      postgres.freeze()
      const [ready, read] = await Promise.all([
        timed(`${ORIGIN}/health/ready`),
        timed(`${ORIGIN}/api/catalog/00000000-0000-7000-8000-000000000000`),
      ])
      duringFreeze.push({ what: 'ready', ...ready }, { what: 'read', ...read })
      await pause(FROZEN_MS - Math.max(ready.ms, read.ms))
      postgres.thaw()
    }
    await pause(1500)
    writing = false
    await Promise.all(writers)
    // Whatever the server still had queued when it resumed has run by now.
    await pause(2000)

    const slow = creates.filter((create) => create.ms > ANSWER_BOUND_MS + MEASURING_SLACK_MS)
    assert.deepEqual(slow, [], `every create answered within the bound: ${JSON.stringify(slow)}`)
    const unexpected = creates.filter(
      (create) =>
        create.status !== 201 &&
        !(create.status === 503 && UNAVAILABLE_CODES.includes(create.code ?? ''))
    )
    assert.deepEqual(
      unexpected,
      [],
      `every create answered 201 or 503 Database.Unavailable or Database.CommitUnconfirmed: ${JSON.stringify(unexpected)}`
    )
    const refused = creates.filter((create) => create.status === 503)
    assert.isAbove(refused.length, 0, 'creates were caught by the freezes')

    const ready = duringFreeze.filter((answer) => answer.what === 'ready')
    assert.isTrue(
      ready.every(
        (answer) => answer.status === 503 && answer.ms < READY_BOUND_MS + MEASURING_SLACK_MS
      ),
      `readiness answered 503 within its bound: ${JSON.stringify(ready)}`
    )
    const reads = duringFreeze.filter((answer) => answer.what === 'read')
    assert.isTrue(
      reads.every(
        (answer) =>
          answer.status === 503 &&
          answer.code === 'Database.Unavailable' &&
          answer.ms < ANSWER_BOUND_MS + MEASURING_SLACK_MS
      ),
      `reads answered 503 Database.Unavailable within the bound: ${JSON.stringify(reads)}`
    )

    const stored = await storedNames(postgres.url)
    assert.deepEqual(
      creates.filter((create) => create.status === 201 && !stored.has(create.name)),
      [],
      'every create answered 201 is stored'
    )
    // A COMMIT the server had begun to run when it stalled completes when it resumes (a group
    // commit waiting on its WAL flush takes several): those are answered CommitUnconfirmed, the
    // only answer that may turn out committed.
    assert.deepEqual(
      refused.filter((create) => create.code === 'Database.Unavailable' && stored.has(create.name)),
      [],
      'no create answered 503 Database.Unavailable was committed after the server resumed'
    )
    const after = await timed(`${ORIGIN}/api/catalog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'After the freeze', price: 1 }),
    })
    assert.equal(after.status, 201, 'creates succeed again once the server resumed')
  }).timeout(120_000)
})

/*
 * The same, with the freeze placed exactly: a proxy between the app and its PostgreSQL server
 * freezes the server just before a given statement of a create reaches it. The COMMIT case is
 * the one a client-side timeout alone cannot settle: the COMMIT is already in the server's
 * socket when the request answers 503, and the server would run it when it resumes.
 */
const PHASES = [
  { phase: 'BEGIN', text: 'BEGIN' },
  { phase: 'a statement', text: 'insert into "catalog_products"' },
  // The create's COMMIT, after its insert: the outbox relay commits on other connections too.
  { phase: 'COMMIT', text: 'COMMIT', after: 'insert into "catalog_products"' },
]
const PROXY_PORT = testPort(322)
const PHASE_APP_PORT = testPort(129)

test.group('PostgreSQL frozen at a given phase of a create', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  let postgres: PostgresInstance
  let proxy: TcpProxy
  let server: RunningServer
  group.setup(async () => {
    postgres = await startPostgresInstance(PG_PORT)
    proxy = new TcpProxy(PROXY_PORT, { host: '127.0.0.1', port: PG_PORT })
    await proxy.up()
    server = await startServerProcess({
      NODE_ENV: 'production',
      APP_KEY: 'a-production-key-that-is-long-enough-123',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(PHASE_APP_PORT),
      DB_CONNECTION: 'pg',
      DATABASE_URL: postgres.url.replace(`:${PG_PORT}/`, `:${PROXY_PORT}/`),
      DB_AUTO_MIGRATE: 'true',
      RATE_LIMIT_STORE: 'off',
    })
    return async () => {
      await server.stop()
      await proxy.down()
      postgres.destroy()
    }
  })

  test('frozen before {phase} reaches it: 503 within 5 s, nothing committed after it resumes')
    .with(PHASES)
    .run(async ({ assert }, { phase, text, after: sentBefore }) => {
      const origin = `http://127.0.0.1:${PHASE_APP_PORT}`
      // Names never hold the statement text the proxy watches for.
      const warmUp = `Warm-up ${randomUUID()}`
      const warm = await timed(`${origin}/api/catalog`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: warmUp, price: 1 }),
      })
      assert.equal(warm.status, 201)

      const name = `Frozen ${randomUUID()}`
      proxy.beforeClientSends(text, () => postgres.freeze(), { after: sentBefore })
      const create = await timed(`${origin}/api/catalog`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, price: 1 }),
      })
      assert.equal(create.status, 503)
      // Held before its COMMIT reached the server, it was never committed; but the app cannot
      // tell that from a COMMIT the server began to run: it says it does not know.
      assert.equal(
        create.code,
        phase === 'COMMIT' ? 'Database.CommitUnconfirmed' : 'Database.Unavailable'
      )
      assert.isBelow(create.ms, ANSWER_BOUND_MS + MEASURING_SLACK_MS)

      await pause(Math.max(0, FROZEN_MS - create.ms))
      postgres.thaw()
      await pause(2000)
      const stored = await storedNames(postgres.url)
      assert.isFalse(stored.has(name), 'the create answered 503 was not committed')
      assert.isTrue(stored.has(warmUp))

      const after = await timed(`${origin}/api/catalog`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `After ${randomUUID()}`, price: 1 }),
      })
      assert.equal(after.status, 201, 'creates succeed again once the server resumed')
    })
    .timeout(60_000)
})
