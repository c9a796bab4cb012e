/*
| HTTP server entry point. Listens on HOST:PORT (default 0.0.0.0:5000) and, in development,
| also serves HTTPS on HTTPS_PORT (default 5001) with a self-signed certificate.
*/
// Before anything is loaded: V8 must not learn, from what survives at boot, to make each
// request's objects in the old generation (docs/performance.md).
const { keepRequestObjectsYoung } = await import('@pantheon/kit/host/young_request_objects')
keepRequestObjectsYoung()
// OpenTelemetry next, when an OTLP endpoint is configured: its hooks must be in place before
// the HTTP server, the database and broker drivers are loaded (docs/observability.md).
const { startTelemetry } = await import('@pantheon/kit/telemetry')
await startTelemetry(new URL('../', import.meta.url))
await import('reflect-metadata')
const { createServer } = await import('node:http')
const { Ignitor, prettyPrintError } = await import('@adonisjs/core')
const { appImporter, APP_ROOT } = await import('./_importer.js')
const { GracefulClose } = await import('@pantheon/kit/host/graceful_close')

type Handler = Parameters<typeof createServer>[1] & {}

/**
 * A client that trickles its headers (HEADERS_TIMEOUT_MS, default 10 s) or its whole request
 * (REQUEST_TIMEOUT_MS, default 30 s) is answered 408 and cut off instead of holding a
 * connection. Node checks these on an interval (30 s unless told otherwise), which let a slow
 * client hold on for up to 30 s more than the timeout: checking every second keeps the cut
 * within a second of it.
 */
function slowClientTimeouts() {
  const headersTimeout = Number(process.env.HEADERS_TIMEOUT_MS ?? 10_000)
  const requestTimeout = Number(process.env.REQUEST_TIMEOUT_MS ?? 30_000)
  return {
    headersTimeout,
    requestTimeout: Math.max(requestTimeout, headersTimeout),
    connectionsCheckingInterval: Math.min(1000, headersTimeout),
  }
}
let listenOverHttps: ((handler: Handler) => void) | undefined
let closeHttp: InstanceType<typeof GracefulClose> | undefined

new Ignitor(APP_ROOT, { importer: appImporter })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
      process.env.PORT ||= '5000'
    })
    app.starting(async () => {
      const { prepareDevelopmentHttps } = await import('@pantheon/kit/host/https')
      listenOverHttps = await prepareDevelopmentHttps(app)
    })
    // Graceful stop: no new connections, every request that reached the host is answered (with
    // `Connection: close`), connections end cleanly, then the database closes (graceful_close.ts).
    // Anything still running after SHUTDOWN_TIMEOUT_MS (default 10 s) does not hold the exit.
    const stop = async () => {
      const timeout = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000)
      setTimeout(() => process.exit(1), timeout).unref()
      await closeHttp?.close()
      return app.terminate()
    }
    app.listen('SIGTERM', stop)
    app.listenIf(app.managedByPm2, 'SIGINT', stop)
  })
  .httpServer()
  .start((handler) => {
    listenOverHttps?.(handler)
    const server = createServer(slowClientTimeouts(), handler)
    closeHttp = new GracefulClose(server)
    return server
  })
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
