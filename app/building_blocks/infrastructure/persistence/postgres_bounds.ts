/**
 * Time limits on PostgreSQL that keep a request from waiting on a database that accepts
 * connections but answers nothing (a hung server, a network partition), and that keep a request
 * which has already been answered 503 from committing once such a server resumes.
 *
 * - `connectMs`: how long opening a connection may take: a database that cannot be reached
 *   answers 503 within seconds.
 * - `acquireMs`: how long a request may wait for one of the pool's connections while others
 *   hold them all.
 * - `answerMs`: a statement with no answer after this long has its connection destroyed, so
 *   the request fails at once with 503 `Database.Unavailable` (postgres_answer_watchdog.ts).
 * - `serverMs`: the server's own `statement_timeout` and `idle_in_transaction_session_timeout`,
 *   shorter than `answerMs`, so a slow but working server cancels a statement itself and keeps
 *   the connection. The idle timeout is what stops a late commit: a COMMIT that reached a frozen
 *   server sat behind a transaction idle since its last statement; when the server resumes the
 *   idle timeout has passed (the request gave up `answerMs` later) and the server ends that
 *   session before reading the COMMIT.
 */
export interface PostgresBounds {
  connectMs: number
  acquireMs: number
  answerMs: number
  serverMs: number
}

export const DEFAULT_POSTGRES_BOUNDS: PostgresBounds = {
  connectMs: 2000,
  acquireMs: 2000,
  answerMs: 2500,
  serverMs: 2000,
}

/**
 * The bounds of tests and of the development server: a database that cannot be reached fails as
 * fast as in production, while a statement and a transaction get room for a busy machine. A test
 * suite or a development server shares its cores with whatever else a laptop or a CI runner does
 * (an editor, a compiler, other test runs), and a transaction left idle while the CPU was taken
 * (its statements spread out by other processes' work) must not turn into a 503 there.
 * Waiting for a pooled connection gets as long as one may be held (`serverMs`) and a little
 * more, or a connection held within its bounds would fail whoever waits behind it. Still below
 * the handler's 10 s timeout, so a request never waits unbounded.
 */
const BUSY_MACHINE_POSTGRES_BOUNDS: PostgresBounds = {
  connectMs: 2000,
  acquireMs: 8000,
  answerMs: 8000,
  serverMs: 7000,
}

/**
 * Bounds for the web host and the tests, by AdonisJS's environment (`app.getEnvironment()`) and
 * `NODE_ENV`. Console commands (migrations above all, where one statement may rightly run for
 * minutes) keep PostgreSQL's unbounded defaults. A web host started in development gets the
 * tests' room; in production, or under any other `NODE_ENV`, the tight bounds. The tests that
 * prove the tight bounds run their server in production.
 */
export function postgresBounds(
  environment: string,
  nodeEnv: string | undefined = process.env.NODE_ENV
): PostgresBounds | undefined {
  if (environment === 'console') return undefined
  if (environment === 'test' || (environment === 'web' && nodeEnv === 'development')) {
    return BUSY_MACHINE_POSTGRES_BOUNDS
  }
  return DEFAULT_POSTGRES_BOUNDS
}

/** The `pg` client settings for a URL, with the server-side half of the bounds. */
export function postgresConnection(url: string, bounds: PostgresBounds | undefined) {
  if (!bounds) return { connectionString: url, keepAlive: true }
  return {
    connectionString: url,
    keepAlive: true,
    connectionTimeoutMillis: bounds.connectMs,
    statement_timeout: bounds.serverMs,
    idle_in_transaction_session_timeout: bounds.serverMs,
  }
}

/**
 * The URL of a PostgreSQL connection's settings, whether config/database.ts gives a URL or the
 * object postgresConnection makes of one; undefined for any other database, or settings given
 * field by field.
 */
export function postgresUrlOf(
  config: { client?: string; connection?: unknown } | undefined
): string | undefined {
  if (config?.client !== 'pg') return undefined
  const connection = config.connection
  if (typeof connection === 'string') return connection
  const url = (connection as { connectionString?: unknown } | undefined)?.connectionString
  return typeof url === 'string' ? url : undefined
}
