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
