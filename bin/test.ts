/*
| Japa entry point: boots the app in the "test" environment and runs the suites.
*/
process.env.NODE_ENV = 'test'
// The integration suite starts the real server; keep it off the development ports.
process.env.HOST = process.env.TEST_HOST ?? '127.0.0.1'
process.env.PORT = process.env.TEST_PORT ?? '5100'

import 'reflect-metadata'
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import { configure, processCLIArgs, run } from '@japa/runner'
import { moduleTestRun } from '@pantheon/kit/modules'
import { APP_ROOT, appImporter } from './_importer.js'

// `node ace test --module orders`: only that module is served and only its tests run.
const tested = (() => {
  try {
    return moduleTestRun(APP_ROOT, process.argv.splice(2))
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
})()

new Ignitor(APP_ROOT, { importer: appImporter })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
  .testRunner()
  .configure(async (app) => {
    const { runnerHooks, ...config } = await import('../tests/bootstrap.js')

    processCLIArgs(tested.argv)
    configure({
      ...app.rcFile.tests,
      ...config,
      suites: tested.suites(app.rcFile.tests.suites),
      setup: runnerHooks.setup,
      teardown: runnerHooks.teardown.concat([() => app.terminate()]),
      // A cleanup that fails (a migration's down() refusing) skips the teardown hooks,
      // app.terminate() among them, and the open connections would keep the process alive:
      // end it once the run is reported, with its exit code.
      forceExit: true,
    })
  })
  .run(() => run())
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
