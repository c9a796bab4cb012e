import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, targets } from '@adonisjs/core/logger'

const defaultLevel = app.inTest ? 'silent' : 'info'

/*
 * Readable lines for a person at a terminal, JSON lines for everything else. pino-pretty runs in
 * a worker thread of its own (a pino transport), which costs each process that starts the app
 * about 0.2 s of processor: test runs, and servers and commands whose output a program reads,
 * write JSON straight to stdout instead. Production keeps AdonisJS's stdout transport.
 */
const pretty = !app.inProduction && !app.inTest && process.stdout.isTTY === true

const loggerConfig = defineConfig({
  default: 'app',
  loggers: {
    app: {
      enabled: true,
      name: app.appName,
      level: env.get('LOG_LEVEL', defaultLevel),
      transport: app.inProduction
        ? { targets: [targets.file({ destination: 1 })] }
        : pretty
          ? { targets: [targets.pretty()] }
          : undefined,
    },
  },
})

export default loggerConfig

declare module '@adonisjs/core/types' {
  export interface LoggersList extends InferLoggers<typeof loggerConfig> {}
}
