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
  /** Serve the OpenAPI documents (/openapi/...); default: everywhere but production. */
  API_DOCS_ENABLED: Env.schema.boolean.optional(),
  /** Bare comparison routes under /bench for `npm run bench`; never set it in a real deployment. */
  BENCH_ROUTES: Env.schema.boolean.optional(),

  /** Integration events: the transport, where the relay runs, and consumer tries before a dead letter. */
  MESSAGE_TRANSPORT: Env.schema.enum.optional(['memory', 'redis', 'rabbitmq'] as const),
  OUTBOX_RELAY: Env.schema.enum.optional(['in-process', 'off'] as const),
  MESSAGE_MAX_ATTEMPTS: Env.schema.number.optional(),
  /** The largest integration event, in bytes of its JSON; larger ones become dead letters. */
  MESSAGE_MAX_BYTES: Env.schema.number.optional(),
  OUTBOX_LEASE_MS: Env.schema.number.optional(),
  REDIS_CLAIM_IDLE_MS: Env.schema.number.optional(),
  /** Unset: Redis streams keep every unacknowledged event. Set: a length cap that drops them. */
  REDIS_STREAM_HARD_MAX_LENGTH: Env.schema.number.optional(),
  /** How long sent outbox rows and consumers' inbox records are kept: 7d, 12h, 30m or off. */
  OUTBOX_RETENTION: Env.schema.string.optional(),
  INBOX_RETENTION: Env.schema.string.optional(),
  /** Prefix of every stream, exchange and queue name, so several apps can share one broker. */
  MESSAGE_NAMESPACE: Env.schema.string.optional(),
  REDIS_URL: Env.schema.string.optional(),
  RABBITMQ_URL: Env.schema.string.optional(),

  /** Per-client rate limit; the store is memory (one process) or redis (shared by every host). */
  RATE_LIMIT_STORE: Env.schema.enum.optional(['memory', 'redis', 'off'] as const),
  RATE_LIMIT_REQUESTS: Env.schema.number.optional(),
  RATE_LIMIT_WINDOW: Env.schema.string.optional(),
  /** How long a command or query may run before the request answers 503. */
  HANDLER_TIMEOUT_MS: Env.schema.number.optional(),
  /** How much one JSON body may hold: keys per object, items per array, values in all. */
  BODY_MAX_KEYS: Env.schema.number.optional(),
  BODY_MAX_ITEMS: Env.schema.number.optional(),
  BODY_MAX_VALUES: Env.schema.number.optional(),

  DB_CONNECTION: Env.schema.enum.optional(['sqlite', 'pg'] as const),
  DATABASE_URL: Env.schema.string.optional(),
  SQLITE_FILENAME: Env.schema.string.optional(),
  DB_AUTO_MIGRATE: Env.schema.boolean.optional(),

  /** The modules this host serves, migrates and consumes for (catalog,orders); unset: every one. */
  PANTHEON_MODULES: Env.schema.string.optional(),

  /** OpenTelemetry (docs/observability.md): off unless an OTLP endpoint is set. */
  OTEL_EXPORTER_OTLP_ENDPOINT: Env.schema.string.optional({ format: 'url', tld: false }),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: Env.schema.string.optional({ format: 'url', tld: false }),
  OTEL_EXPORTER_OTLP_PROTOCOL: Env.schema.enum.optional(['http/protobuf', 'http/json'] as const),
  OTEL_EXPORTER_OTLP_HEADERS: Env.schema.string.optional(),
  OTEL_SERVICE_NAME: Env.schema.string.optional(),
  OTEL_SDK_DISABLED: Env.schema.boolean.optional(),
})
