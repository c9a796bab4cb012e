/* One PostgreSQL connection for the benchmark scripts' own setup and checks. */
import pg from 'pg'

/** Connects to `url`, runs `work` with the client, and always disconnects. */
export async function withPostgres<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>
): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Runs statements one after the other on the server at `url` (creating or dropping databases). */
export function onServer(url: string, statements: string[]): Promise<void> {
  return withPostgres(url, async (client) => {
    for (const statement of statements) await client.query(statement)
  })
}
