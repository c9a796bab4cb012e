/*
| Ace entry point: boots the application only for commands that ask for it.
*/
// OpenTelemetry first, when an OTLP endpoint is configured: its hooks must be in place before
// the HTTP server, the database and broker drivers are loaded (docs/observability.md).
const { startTelemetry } = await import('@pantheon/kit/telemetry')
await startTelemetry(new URL('../', import.meta.url))
await import('reflect-metadata')
const { Ignitor, prettyPrintError } = await import('@adonisjs/core')
const { appImporter, APP_ROOT } = await import('./_importer.js')

new Ignitor(APP_ROOT, { importer: appImporter })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
  .ace()
  .handle(process.argv.splice(2))
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
