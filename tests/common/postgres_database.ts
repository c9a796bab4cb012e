import pg from 'pg'

/**
 * A PostgreSQL database of the test's own on the local server (dropped first if a run before
 * left it); the function returned drops it.
 */
export async function createPostgresDatabase(name: string) {
  const admin = async (sql: string) => {
    const client = new pg.Client({
      host: '127.0.0.1',
      port: 5432,
      user: 'postgres',
      database: 'postgres',
    })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin(`CREATE DATABASE ${name}`)
  return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
}

/** The rows of one SQL statement on the database at `url`, on a connection of its own. */
export async function queryRows(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const result = await client.query(sql)
    return result.rows
  } finally {
    await client.end()
  }
}
