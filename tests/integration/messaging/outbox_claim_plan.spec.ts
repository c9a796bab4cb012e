import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { StrictValues } from '@adonisjs/lucid/types/querybuilder'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { claimDueRows } from '#kit/building_blocks/infrastructure/messaging/outbox_claim'
import { createPostgresDatabase, queryRows } from '#tests/common/postgres_database'
import { runMigrations } from '#tests/common/run_migrations'

/*
 * The relay's claim must read one batch of pending rows whatever the table's statistics say:
 * a plan that reads every due row and sorts them makes a drain grow with the square of its
 * backlog. Each case leaves the statistics in a state an outbox meets in production, on the
 * messaging migrations an app runs, then asks the database how it would claim.
 */
const BATCH = 100
const PG_DATABASE = 'pantheon_outbox_claim_plan'
const PG_CONNECTION = 'outbox_claim_plan_pg'
const SQLITE_CONNECTION = 'outbox_claim_plan_sqlite'

/** Writes `count` rows due since a second ago, in one statement (ids in time order, as uuidv7). */
async function fillPostgres(count: number, status: 'pending' | 'sent') {
  await db.connection(PG_CONNECTION).rawQuery(
    `insert into pantheon_outbox (id, type, version, payload, occurred_at, status, attempts, next_attempt_at, sent_at)
     select gen_random_uuid(), 'Catalog.product_created', 1, '{}', now(), ?, 0,
            now() - interval '1 second', case when ? = 'sent' then now() end
     from generate_series(1, ?)`,
    [status, status, count]
  )
}

interface PlanNode {
  'Node Type': string
  'Index Name'?: string
  'Actual Rows'?: number
  'Plans'?: PlanNode[]
}

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)]
}

interface Statement {
  sql: string
  bindings: StrictValues[]
}

/**
 * The statements the relay's claim sends, as the driver saw them: the claim runs in a
 * transaction that is rolled back, so every case starts from the rows it wrote.
 */
async function claimStatements(connectionName: string, modules?: string[]) {
  const statements: Statement[] = []
  const knex = db.connection(connectionName).getWriteClient()
  // The driver's numbered placeholders ($1, $2 …, in order) back to knex's, to send them again.
  // The PostgreSQL claim sends its setting and its UPDATE as one query: each is a statement here.
  const record = (query: Statement) => {
    const sent = query.bindings?.length ? [query.sql] : query.sql.split(/;\s+/)
    for (const sql of sent)
      statements.push({ sql: sql.replace(/\$\d+/g, '?'), bindings: query.bindings ?? [] })
  }
  knex.on('query', record)
  const trx = await db.connection(connectionName).transaction()
  try {
    const now = new Date()
    await claimDueRows(trx, { batchSize: BATCH, modules }, now, new Date(now.getTime() + 30_000))
  } finally {
    await trx.rollback()
    knex.off('query', record)
  }
  return statements.filter((statement) => !/^(begin|rollback)/i.test(statement.sql))
}

/** The claim's statements up to the first that reads the outbox, which is the one to explain. */
async function claimRead(connectionName: string, modules?: string[]) {
  const statements = await claimStatements(connectionName, modules)
  const index = statements.findIndex((statement) => statement.sql.includes('pantheon_outbox'))
  return { before: statements.slice(0, index), read: statements[index] }
}

/** The executed plan of the claim's read, after the settings sent before it; rolled back. */
async function claimPlan(modules?: string[]) {
  const { before, read: claim } = await claimRead(PG_CONNECTION, modules)
  const trx = await db.connection(PG_CONNECTION).transaction()
  try {
    for (const statement of before) await trx.rawQuery(statement.sql, statement.bindings)
    const result = await trx.rawQuery(`explain (analyze, format json) ${claim.sql}`, claim.bindings)
    return nodesOf(result.rows[0]['QUERY PLAN'][0].Plan as PlanNode)
  } finally {
    await trx.rollback()
  }
}

function assertReadsOneBatch(assert: any, nodes: PlanNode[]) {
  const scan = nodes.find((node) => node['Index Name'] === 'pantheon_outbox_pending')
  const plan = JSON.stringify(nodes.map((node) => [node['Node Type'], node['Index Name']]))
  assert.equal(scan?.['Node Type'], 'Index Scan', `the claim walks the pending index: ${plan}`)
  assert.notInclude(
    nodes.map((node) => node['Node Type']),
    'Sort',
    `no sort of every due row: ${plan}`
  )
  assert.equal(scan?.['Actual Rows'], BATCH, 'it reads one batch of rows, not the backlog')
}

test.group('The relay claim on PostgreSQL, whatever the statistics', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.setup(async () => {
    const dropDatabase = await createPostgresDatabase(PG_DATABASE)
    db.manager.add(PG_CONNECTION, {
      client: 'pg',
      connection: `postgres://postgres@127.0.0.1:5432/${PG_DATABASE}`,
      migrations: { paths: ['database/migrations'] },
    })
    await runMigrations(PG_CONNECTION)
    return async () => {
      await db.manager.close(PG_CONNECTION, true)
      await dropDatabase()
    }
  })
  group.each.setup(async () => {
    await db.connection(PG_CONNECTION).rawQuery('truncate pantheon_outbox')
  })

  test('a young outbox never analyzed, with a backlog', async ({ assert }) => {
    await fillPostgres(20_000, 'pending')
    assertReadsOneBatch(assert, await claimPlan())
  })

  test('statistics taken when nothing was pending, then a backlog behind a broker outage', async ({
    assert,
  }) => {
    await fillPostgres(50_000, 'sent')
    await db.connection(PG_CONNECTION).rawQuery('vacuum analyze pantheon_outbox')
    await fillPostgres(20_000, 'pending')
    assertReadsOneBatch(assert, await claimPlan())
  })

  test('statistics taken when every row was pending, most of them sent since', async ({
    assert,
  }) => {
    await fillPostgres(20_000, 'pending')
    await db.connection(PG_CONNECTION).rawQuery('analyze pantheon_outbox')
    await db.connection(PG_CONNECTION).rawQuery(
      `update pantheon_outbox set status = 'sent', sent_at = now()
         where id in (select id from pantheon_outbox order by id limit 19000)`
    )
    assertReadsOneBatch(assert, await claimPlan())
  })

  test('a host relaying some modules only', async ({ assert }) => {
    await fillPostgres(20_000, 'pending')
    assertReadsOneBatch(assert, await claimPlan(['Catalog', 'Orders']))
  })

  test('a claim is one round trip: the setting and the UPDATE in one query, committed by it', async ({
    assert,
  }) => {
    await fillPostgres(250, 'pending')
    const sent: string[] = []
    const knex = db.connection(PG_CONNECTION).getWriteClient()
    const record = (query: Statement) => sent.push(query.sql)
    knex.on('query', record)
    const now = new Date()
    const leaseEnd = new Date(now.getTime() + 30_000)
    let claimed: { id: string }[]
    try {
      claimed = await claimDueRows(
        db.connection(PG_CONNECTION),
        { batchSize: BATCH },
        now,
        leaseEnd
      )
    } finally {
      knex.off('query', record)
    }
    assert.lengthOf(sent, 1, `one query, no BEGIN or COMMIT of its own: ${sent.join(' | ')}`)
    assert.match(sent[0], /^set local enable_sort = off; update "pantheon_outbox"/)
    assert.lengthOf(claimed, BATCH)
    assert.deepEqual(
      claimed.map((row) => row.id),
      claimed.map((row) => row.id).sort()
    )
    // Committed: another connection sees the lease on exactly the rows claimed.
    const leased = await queryRows(
      `postgres://postgres@127.0.0.1:5432/${PG_DATABASE}`,
      'select id from pantheon_outbox where claimed_until is not null order by id'
    )
    assert.deepEqual(
      leased.map((row) => row.id),
      claimed.map((row) => row.id)
    )
  })

  test('the outbox is vacuumed after a few thousand changed rows, not a fifth of the table', async ({
    assert,
  }) => {
    const result = await db
      .connection(PG_CONNECTION)
      .rawQuery(`select reloptions from pg_class where relname = 'pantheon_outbox'`)
    assert.includeMembers(result.rows[0].reloptions ?? [], [
      'autovacuum_vacuum_threshold=1000',
      'autovacuum_vacuum_scale_factor=0.02',
      'autovacuum_vacuum_insert_threshold=1000',
      'autovacuum_vacuum_insert_scale_factor=0.02',
    ])
  })
})

test.group('The relay claim on SQLite, which has no statistics until ANALYZE', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.setup(async () => {
    const folder = await mkdtemp(join(tmpdir(), 'pantheon-claim-plan-'))
    db.manager.add(SQLITE_CONNECTION, {
      client: 'better-sqlite3',
      connection: { filename: join(folder, 'outbox.sqlite3') },
      useNullAsDefault: true,
      migrations: { paths: ['database/migrations'] },
    })
    await runMigrations(SQLITE_CONNECTION)
    return async () => {
      await db.manager.close(SQLITE_CONNECTION, true)
      await rm(folder, { recursive: true, force: true })
    }
  })

  test('a backlog is claimed through the pending index, without sorting it', async ({ assert }) => {
    const connection = db.connection(SQLITE_CONNECTION)
    await connection.rawQuery(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 20000)
       insert into pantheon_outbox (id, type, version, payload, occurred_at, status, attempts, next_attempt_at)
       select printf('%08d', i), 'Catalog.product_created', 1, '{}', '2026-01-01', 'pending', 0, '2026-01-01'
       from n`
    )
    const { read } = await claimRead(SQLITE_CONNECTION)
    const plan = (await connection.rawQuery(`explain query plan ${read.sql}`, read.bindings)) as {
      detail: string
    }[]
    const steps = plan.map((step) => step.detail)
    assert.isTrue(
      steps.some((step) => step.includes('USING INDEX pantheon_outbox_pending')),
      `the claim walks the pending index: ${steps.join('; ')}`
    )
    assert.isFalse(
      steps.some((step) => step.includes('TEMP B-TREE')),
      `no sort of every due row: ${steps.join('; ')}`
    )
  })
})
