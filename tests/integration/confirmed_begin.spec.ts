import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { PostgreConfig } from '@adonisjs/lucid/types/database'
import { success } from '@pantheon/kit/application'
import {
  beginConfirmed,
  LucidUnitOfWork,
  translateDatabaseUnavailable,
} from '@pantheon/kit/persistence'
import { TcpProxy } from '#tests/common/tcp_proxy'
import { testPort } from '#tests/common/test_ports'

/*
 * A BEGIN whose connection dies on the way: the pool hands out a connection that was alive, and
 * a proxy in front of PostgreSQL cuts it at the moment the BEGIN goes out. Always on PostgreSQL
 * (the `pg` connection's server, whichever database the suite runs on).
 */
const PROXY_PORT = testPort(140)
const CONNECTION = 'pg_through_proxy'
const viaProxy = () => db.connection(CONNECTION)

function pgConfig(): PostgreConfig {
  return db.manager.get('pg')!.config as PostgreConfig
}

/** The connection's URL: config/database.ts gives pg settings with a `connectionString`. */
function pgUrl(): URL {
  const { connection } = pgConfig()
  return new URL(
    typeof connection === 'string'
      ? connection
      : String((connection as { connectionString?: string }).connectionString)
  )
}

function pgServer(): { host: string; port: number } {
  const url = pgUrl()
  return { host: url.hostname, port: Number(url.port || 5432) }
}

function urlThroughProxy(): string {
  const url = pgUrl()
  url.hostname = '127.0.0.1'
  url.port = String(PROXY_PORT)
  return url.toString()
}

/** Resolves with what the promise rejected with, or fails the test if it resolved. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (error: unknown) => error
  )
}

/** Puts a live connection in the pool, then arms the proxy to cut it at its next BEGIN. */
async function loseTheNextBegin(): Promise<void> {
  await viaProxy().rawQuery('select 1')
  proxy.cutWhenClientSends('BEGIN')
}

const proxy = new TcpProxy(PROXY_PORT, pgServer())

test.group('Confirmed begin (PostgreSQL through a proxy)', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.setup(async () => {
    await proxy.up()
    db.manager.add(CONNECTION, {
      ...pgConfig(),
      connection: urlThroughProxy(),
      pool: { min: 0, max: 1, acquireTimeoutMillis: 4000 },
    })
    return async () => {
      await db.manager.close(CONNECTION, true)
      await proxy.down()
    }
  })

  test('knex hands over a finished transaction when its BEGIN is lost (why beginConfirmed exists)', async ({
    assert,
  }) => {
    await loseTheNextBegin()
    const transaction = await viaProxy().transaction()
    const lost = await rejectionOf(transaction.knexClient.executionPromise)
    assert.isTrue(transaction.isCompleted)
    const firstStatement = await rejectionOf(transaction.rawQuery('select 1'))
    assert.match(String(firstStatement), /Transaction query already complete/)
    // That error alone would be answered 500; the connection error is only in the promise.
    assert.isUndefined(translateDatabaseUnavailable(firstStatement))
    assert.equal(translateDatabaseUnavailable(lost)?.code, 'Database.Unavailable')
  })

  test('beginConfirmed rejects when the BEGIN is lost, as a database that cannot be reached', async ({
    assert,
  }) => {
    await loseTheNextBegin()
    const error = await rejectionOf(beginConfirmed(viaProxy()))
    assert.equal(translateDatabaseUnavailable(error)?.code, 'Database.Unavailable')
  })

  test('a unit of work whose BEGIN is lost fails as unavailable without running its work', async ({
    assert,
  }) => {
    const unitOfWork = new LucidUnitOfWork(db, undefined, CONNECTION)
    let workRan = false
    await loseTheNextBegin()
    const error = await rejectionOf(
      unitOfWork.run(async () => {
        workRan = true
        return success('done')
      })
    )
    assert.equal(translateDatabaseUnavailable(error)?.code, 'Database.Unavailable')
    assert.isFalse(workRan)
  })

  test('the next transaction after a lost BEGIN gets a new connection and commits', async ({
    assert,
  }) => {
    await loseTheNextBegin()
    await rejectionOf(beginConfirmed(viaProxy()))
    const transaction = await beginConfirmed(viaProxy())
    const { rows } = await transaction.rawQuery('select 41 + 1 as answer')
    await transaction.commit()
    assert.equal(rows[0].answer, 42)
  })
})
