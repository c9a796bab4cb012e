import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { definePantheonConfig } from '@pantheon/kit/host'

/**
 * The host settings of @pantheon/kit, each read from the environment (see .env.example): the
 * per-client rate limit, the handler timeout, how much a JSON body may hold, migrations at
 * start, the API reference page and the development HTTPS listener.
 */
export default definePantheonConfig({
  rateLimit: {
    store: env.get('RATE_LIMIT_STORE', 'memory'),
    /**
     * The test run's own server may take thousands of requests a minute from one address, so
     * tests get a ceiling they never reach; a test of the limit itself starts a host with a low
     * RATE_LIMIT_REQUESTS.
     */
    requests: env.get('RATE_LIMIT_REQUESTS', app.inTest ? 1_000_000 : 600),
    window: env.get('RATE_LIMIT_WINDOW', '1 minute'),
  },
  handlerTimeoutMs: env.get('HANDLER_TIMEOUT_MS'),
  bodyLimits: {
    keysPerObject: env.get('BODY_MAX_KEYS'),
    arrayItems: env.get('BODY_MAX_ITEMS'),
    values: env.get('BODY_MAX_VALUES'),
  },
  autoMigrate: env.get('DB_AUTO_MIGRATE', app.inDev),
  apiDocsPath: env.get('API_DOCS_PATH', '/docs'),
  apiDocsEnabled: env.get('API_DOCS_ENABLED', !app.inProduction),
  https: {
    enabled: env.get('HTTPS_ENABLED', true),
    port: env.get('HTTPS_PORT', 5001),
    host: env.get('HOST', '0.0.0.0'),
  },
})
