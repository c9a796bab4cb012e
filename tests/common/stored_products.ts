import { DatabaseSync } from 'node:sqlite'
import pg from 'pg'

/** How many products a database holds, and how many of the given ids are among them. */
export interface StoredProducts {
  rows: number
  present: number
}

/**
 * Read straight from the database, past the application, so a check of "every acknowledged
 * write is stored" does not trust the code it is checking.
 */
export async function storedInPostgres(url: string, ids: string[]): Promise<StoredProducts> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query(
      `select (select count(*) from catalog_products)::int as rows,
              (select count(*) from catalog_products where id = any($1::uuid[]))::int as present`,
      [ids]
    )
    return rows[0]
  } finally {
    await client.end()
  }
}

export function storedInSqlite(filename: string, ids: string[]): StoredProducts {
  // node:sqlite (built into Node 24) because better-sqlite3 ships no types.
  const database = new DatabaseSync(filename, { readOnly: true })
  try {
    const row = database
      .prepare(
        `select (select count(*) from catalog_products) as rows,
                (select count(*) from catalog_products where id in (select value from json_each(?))) as present`
      )
      .get(JSON.stringify(ids))
    return { rows: Number(row?.rows), present: Number(row?.present) }
  } finally {
    database.close()
  }
}
