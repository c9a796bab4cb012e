import { createHash } from 'node:crypto'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { LucidUnitOfWork } from './lucid_unit_of_work.js'

/** Stands for the value of parameter `index` while the query is built once. */
type Parameter = (index: number) => string | number

/** The query of a read, built from the values it takes (or their placeholders). */
export type ReadQuery = (
  query: DatabaseQueryBuilderContract,
  parameter: Parameter
) => DatabaseQueryBuilderContract

interface Compiled {
  sql: string
  /** Server-side name of the statement on PostgreSQL: one per SQL text. */
  name: string
  /** Each binding in order: a parameter's index, or a value the query fixed (a limit). */
  bindings: Array<{ parameter: number } | { value: unknown }>
}

interface PostgresConnection {
  query(
    config: { name?: string; text: string; values: unknown[] },
    callback: (error: Error | null, result: { rows: unknown[] }) => void
  ): void
}

interface SqliteConnection {
  prepare(sql: string): { all(bindings: unknown[]): unknown[] }
}

const PARAMETER_PREFIX = '\u0000pantheon-parameter:'

/**
 * A read that runs often (a read model's lookup by id, a repository's load) with its SQL built
 * once per database instead of on every call. Outside a transaction it runs on a pooled
 * connection without the query builder: on PostgreSQL as a named prepared statement, which the
 * server parses and plans once per connection; on SQLite through the connection's cache of
 * prepared statements. The query builder's per-call work (building, compiling and positioning
 * the SQL, Lucid's query runner) was about a third of a product GET's server time
 * (docs/performance.md).
 *
 * Inside a unit of work it runs through the transaction's query builder, as any other query,
 * so it sees the transaction's own writes. Other databases always take that path.
 *
 * What the shortcut gives up: Lucid's query events (`db:query`, its debug log) do not see these
 * statements. The PostgreSQL answer watchdog, the database gate and the driver's OpenTelemetry
 * spans still do.
 */
export class PreparedRead<Row> {
  readonly #compiled = new Map<string, Compiled>()

  constructor(private readonly query: ReadQuery) {}

  async all(unitOfWork: LucidUnitOfWork, values: readonly unknown[]): Promise<Row[]> {
    const client = unitOfWork.client()
    const dialect = client.dialect.name
    if (client.isTransaction || (dialect !== 'postgres' && dialect !== 'better-sqlite3')) {
      return (await this.query(
        client.query(),
        (index) => values[index] as string | number
      )) as Row[]
    }
    const compiled = this.#compile(client)
    const bindings = compiled.bindings.map((binding) =>
      'parameter' in binding ? values[binding.parameter] : binding.value
    )
    const knex = client.getReadClient()
    const connection: unknown = await knex.client.acquireConnection()
    try {
      return dialect === 'postgres'
        ? await onPostgres<Row>(connection as PostgresConnection, compiled, bindings)
        : ((connection as SqliteConnection)
            .prepare(compiled.sql)
            .all(bindings.map(asSqliteValue)) as Row[])
    } finally {
      await knex.client.releaseConnection(connection)
    }
  }

  async first(unitOfWork: LucidUnitOfWork, values: readonly unknown[]): Promise<Row | null> {
    const rows = await this.all(unitOfWork, values)
    return rows[0] ?? null
  }

  #compile(client: QueryClientContract): Compiled {
    const dialect = client.dialect.name
    const known = this.#compiled.get(dialect)
    if (known) return known
    const native = this.query(client.query(), (index) => `${PARAMETER_PREFIX}${index}`)
      .toSQL()
      .toNative()
    const compiled: Compiled = {
      sql: native.sql,
      name: `pantheon_${createHash('sha256').update(native.sql).digest('hex').slice(0, 24)}`,
      bindings: native.bindings.map((binding: unknown) =>
        typeof binding === 'string' && binding.startsWith(PARAMETER_PREFIX)
          ? { parameter: Number(binding.slice(PARAMETER_PREFIX.length)) }
          : { value: binding }
      ),
    }
    this.#compiled.set(dialect, compiled)
    return compiled
  }
}

/**
 * Runs the statement prepared under its name on the connection. A migration that changed the
 * type of a column it reads leaves that statement stale on every connection that prepared it:
 * PostgreSQL refuses to run it ("cached plan must not change result type"). The read is then
 * made once more without a name, and the connection is marked for knex's pool to replace, so
 * the next read prepares the statement afresh elsewhere.
 */
async function onPostgres<Row>(
  connection: PostgresConnection,
  compiled: Compiled,
  values: unknown[]
): Promise<Row[]> {
  try {
    return await pgQuery<Row>(connection, { name: compiled.name, text: compiled.sql, values })
  } catch (error) {
    if ((error as { code?: string }).code !== STALE_PREPARED_STATEMENT) throw error
    markForReplacement(connection, error)
    return pgQuery<Row>(connection, { text: compiled.sql, values })
  }
}

/**
 * knex's own mark of a connection that failed (its pg dialect sets it on a connection error):
 * the pool checks it when it hands the connection out next, and destroys it instead.
 */
function markForReplacement(connection: PostgresConnection, error: unknown) {
  Object.assign(connection, { __knex__disposed: error })
}

/** PostgreSQL's feature_not_supported, which a stale prepared statement fails with. */
const STALE_PREPARED_STATEMENT = '0A000'

/** With a callback, as knex calls it: the answer watchdog watches only such calls. */
function pgQuery<Row>(
  connection: PostgresConnection,
  config: { name?: string; text: string; values: unknown[] }
): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    connection.query(config, (error, result) =>
      error ? reject(error) : resolve(result.rows as Row[])
    )
  })
}

/** As knex hands values to better-sqlite3, which takes neither dates nor booleans. */
function asSqliteValue(value: unknown): unknown {
  if (value instanceof Date) return value.valueOf()
  if (typeof value === 'boolean') return Number(value)
  return value
}
