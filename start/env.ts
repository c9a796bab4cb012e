/*
| Environment variables, validated once at boot. Every variable has a working default so the
| service starts on a fresh clone with no .env file; see .env.example for the full list.
*/
import { Env } from '@adonisjs/core/env'

export default await Env.create(new URL('../', import.meta.url), {
  NODE_ENV: Env.schema.enum.optional(['development', 'production', 'test'] as const),
  HOST: Env.schema.string.optional({ format: 'host' }),
  PORT: Env.schema.number.optional(),
  HTTPS_ENABLED: Env.schema.boolean.optional(),
  HTTPS_PORT: Env.schema.number.optional(),
  APP_KEY: Env.schema.secret.optional(),
  LOG_LEVEL: Env.schema.enum.optional([
    'fatal',
    'error',
    'warn',
    'info',
    'debug',
    'trace',
    'silent',
  ] as const),

  API_DOCS_PATH: Env.schema.string.optional(),
  /** Bare comparison routes under /bench for `npm run bench`; never set it in a real deployment. */
  BENCH_ROUTES: Env.schema.boolean.optional(),

  /** Only the in-process transport exists so far; anything else is refused at boot. */
  MESSAGE_TRANSPORT: Env.schema.enum.optional(['memory'] as const),
  OUTBOX_RELAY: Env.schema.enum.optional(['in-process', 'off'] as const),

  DB_CONNECTION: Env.schema.enum.optional(['sqlite', 'pg'] as const),
  DATABASE_URL: Env.schema.string.optional(),
  SQLITE_FILENAME: Env.schema.string.optional(),
  DB_AUTO_MIGRATE: Env.schema.boolean.optional(),
})
