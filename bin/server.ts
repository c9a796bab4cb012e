/*
| HTTP server entry point. Listens on HOST:PORT (default 0.0.0.0:5000) and, in development,
| also serves HTTPS on HTTPS_PORT (default 5001) with a self-signed certificate.
*/
await import('reflect-metadata')
const { createServer } = await import('node:http')
const { Ignitor, prettyPrintError } = await import('@adonisjs/core')
const { appImporter, APP_ROOT } = await import('./_importer.js')

type Handler = Parameters<typeof createServer>[1] & {}
let listenOverHttps: ((handler: Handler) => void) | undefined

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
    // Graceful stop: no new connections, in-flight requests finish, then the database closes.
    // A request still running after SHUTDOWN_TIMEOUT_MS (default 10 s) does not hold the exit.
    const stop = async () => {
      const timeout = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000)
      setTimeout(() => process.exit(1), timeout).unref()
      // Keep-alive connections that go idle after their last response would otherwise hold the
      // listener open until their keep-alive timeout.
      const server = await app.container.make('server')
      const nodeServer = server.getNodeServer()
      setInterval(() => nodeServer?.closeIdleConnections(), 100).unref()
      return app.terminate()
    }
    app.listen('SIGTERM', stop)
    app.listenIf(app.managedByPm2, 'SIGINT', stop)
  })
  .httpServer()
  .start((handler) => {
    listenOverHttps?.(handler)
    // A client that trickles its headers or body is cut off instead of holding a connection.
    return createServer({ headersTimeout: 10_000, requestTimeout: 30_000 }, handler)
  })
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
