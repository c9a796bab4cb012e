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
      const { prepareDevelopmentHttps } = await import('#host/https_listener')
      listenOverHttps = await prepareDevelopmentHttps(app)
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
  .httpServer()
  .start((handler) => {
    listenOverHttps?.(handler)
    return createServer(handler)
  })
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
