import { test } from '@japa/runner'
import { createHash } from 'node:crypto'
import { existsSync, globSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { packKit } from '#kit/scaffolding/app_template'
import { appFiles, installOffline } from '#tests/common/kit_app'
import { startServerProcess } from '#tests/common/server_process'
import { runOrFail } from '#tests/common/generated_app_commands'
import { scaffoldInProcess } from '#tests/common/scaffolding'
import { testPort } from '#tests/common/test_ports'

const PORT = String(testPort(116))

/**
 * A plain AdonisJS v7 API app, as the starter kit lays it out (with Lucid on SQLite configured):
 * nothing in it knows Pantheon. The versions are the ones this repository installs.
 */
function plainApp(versions: Record<string, string>): Record<string, string> {
  const pick = (...names: string[]) =>
    Object.fromEntries(names.map((name) => [name, versions[name]]))
  const manifest = {
    name: 'plain-api',
    version: '0.0.0',
    private: true,
    type: 'module',
    scripts: { start: 'node bin/server.js', dev: 'node ace serve --hmr', test: 'node ace test' },
    imports: {
      '#controllers/*': './app/controllers/*.js',
      '#middleware/*': './app/middleware/*.js',
      '#models/*': './app/models/*.js',
      '#database/*': './database/*.js',
      '#tests/*': './tests/*.js',
      '#start/*': './start/*.js',
      '#config/*': './config/*.js',
      '#generated/*': './.adonisjs/server/*.js',
    },
    dependencies: pick(
      '@adonisjs/core',
      '@adonisjs/lucid',
      '@vinejs/vine',
      'better-sqlite3',
      'luxon',
      'reflect-metadata'
    ),
    devDependencies: pick(
      '@adonisjs/assembler',
      '@adonisjs/tsconfig',
      '@japa/api-client',
      '@japa/assert',
      '@japa/plugin-adonisjs',
      '@japa/runner',
      '@poppinss/ts-exec',
      '@types/node',
      'pino-pretty',
      'typescript'
    ),
  }
  const entry = (start: string) => `import 'reflect-metadata'
import { Ignitor, prettyPrintError } from '@adonisjs/core'

const APP_ROOT = new URL('../', import.meta.url)
const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
  ${start}
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
`
  return {
    'package.json': `${JSON.stringify(manifest, null, 2)}\n`,
    'tsconfig.json': `{
  "extends": "@adonisjs/tsconfig/tsconfig.app.json",
  "compilerOptions": { "rootDir": "./", "outDir": "./build" }
}
`,
    '.env': [
      'TZ=UTC',
      'PORT=3333',
      'HOST=localhost',
      'LOG_LEVEL=info',
      'APP_KEY=plain-api-local-key-of-32-characters',
      'NODE_ENV=development',
      '',
    ].join('\n'),
    'ace.js': `import '@poppinss/ts-exec'
await import('./bin/console.js')
`,
    'adonisrc.ts': `import { indexEntities } from '@adonisjs/core'
import { defineConfig } from '@adonisjs/core/app'

export default defineConfig({
  commands: [() => import('@adonisjs/core/commands'), () => import('@adonisjs/lucid/commands')],

  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    {
      file: () => import('@adonisjs/core/providers/repl_provider'),
      environment: ['repl', 'test'],
    },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/lucid/database_provider'),
  ],

  preloads: [() => import('#start/routes'), () => import('#start/kernel')],

  tests: {
    suites: [
      {
        files: ['tests/unit/**/*.spec.{ts,js}'],
        name: 'unit',
        timeout: 2000,
      },
      {
        files: ['tests/functional/**/*.spec.{ts,js}'],
        name: 'functional',
        timeout: 30000,
      },
    ],
    forceExit: false,
  },

  hooks: {
    init: [indexEntities()],
  },
})
`,
    'bin/console.ts': entry('.ace()\n  .handle(process.argv.splice(2))'),
    'bin/server.ts': entry('.httpServer()\n  .start()'),
    'bin/test.ts': `process.env.NODE_ENV = 'test'

import 'reflect-metadata'
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import { configure, processCLIArgs, run } from '@japa/runner'

const APP_ROOT = new URL('../', import.meta.url)
const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

new Ignitor(APP_ROOT, { importer: IMPORTER })
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
    processCLIArgs(process.argv.splice(2))
    configure({
      ...app.rcFile.tests,
      ...config,
      setup: runnerHooks.setup,
      teardown: runnerHooks.teardown.concat([() => app.terminate()]),
    })
  })
  .run(() => run())
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
`,
    'tests/bootstrap.ts': `import { assert } from '@japa/assert'
import { apiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'

export const plugins: Config['plugins'] = [assert(), apiClient(), pluginAdonisJS(app)]

export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [],
  teardown: [],
}

export const configureSuite: Config['configureSuite'] = (suite) => {
  if (['browser', 'functional', 'e2e'].includes(suite.name)) {
    return suite.setup(() => testUtils.httpServer().start())
  }
}
`,
    'start/env.ts': `import { Env } from '@adonisjs/core/env'

export default await Env.create(new URL('../', import.meta.url), {
  NODE_ENV: Env.schema.enum(['development', 'production', 'test'] as const),
  PORT: Env.schema.number(),
  APP_KEY: Env.schema.secret(),
  HOST: Env.schema.string({ format: 'host' }),
  LOG_LEVEL: Env.schema.string(),
})
`,
    'start/routes.ts': `import router from '@adonisjs/core/services/router'

router.get('/', async () => {
  return { hello: 'world' }
})
`,
    'start/kernel.ts': `import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.use([])

router.use([() => import('@adonisjs/core/bodyparser_middleware')])

export const middleware = router.named({})
`,
    'config/app.ts': `import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'

export const appKey = env.get('APP_KEY')

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
})
`,
    'config/encryption.ts': `import { appKey } from '#config/app'
import { defineConfig, drivers } from '@adonisjs/core/encryption'

const encryptionConfig = defineConfig({
  default: 'gcm',
  list: {
    gcm: drivers.aes256gcm({ id: 'gcm', keys: [appKey.release()] }),
  },
})

export default encryptionConfig

declare module '@adonisjs/core/types' {
  export interface EncryptorsList extends InferEncryptors<typeof encryptionConfig> {}
}
`,
    'config/logger.ts': `import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, targets } from '@adonisjs/core/logger'

const loggerConfig = defineConfig({
  default: 'app',
  loggers: {
    app: {
      enabled: true,
      name: 'plain-api',
      level: env.get('LOG_LEVEL'),
      transport: {
        targets: targets()
          .pushIf(!app.inProduction, targets.pretty())
          .pushIf(app.inProduction, targets.file({ destination: 1 }))
          .toArray(),
      },
    },
  },
})

export default loggerConfig

declare module '@adonisjs/core/types' {
  export interface LoggersList extends InferLoggers<typeof loggerConfig> {}
}
`,
    'config/bodyparser.ts': `import { defineConfig } from '@adonisjs/core/bodyparser'

const bodyParserConfig = defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  form: {
    convertEmptyStringsToNull: true,
    types: ['application/x-www-form-urlencoded'],
  },
  json: {
    convertEmptyStringsToNull: true,
    types: ['application/json', 'application/json-patch+json', 'application/vnd.api+json'],
  },
  multipart: {
    autoProcess: true,
    convertEmptyStringsToNull: true,
    processManually: [],
    limit: '20mb',
    types: ['multipart/form-data'],
  },
})

export default bodyParserConfig
`,
    'config/database.ts': `import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/lucid'

const dbConfig = defineConfig({
  connection: 'sqlite',
  connections: {
    sqlite: {
      client: 'better-sqlite3',
      connection: {
        filename: app.tmpPath('db.sqlite3'),
      },
      useNullAsDefault: true,
      migrations: {
        naturalSort: true,
        paths: ['database/migrations'],
      },
    },
  },
})

export default dbConfig
`,
    'tmp/.gitkeep': '',
  }
}

interface Manifest {
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
  imports: Record<string, string>
}

const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as Manifest

/** Each file of the app (node_modules aside) and the hash of its contents. */
async function snapshot(root: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {}
  for (const file of await appFiles(root)) {
    hashes[file] = createHash('sha256')
      .update(await readFile(join(root, file)))
      .digest('hex')
  }
  return hashes
}

/** Runs a command in the app with this Node and fails with its output when it fails. */
function inApp(cwd: string, args: string[], env: Record<string, string> = {}) {
  // HOST and PORT keep the app's servers off this suite's own.
  const appEnv = { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT, ...env }
  return runOrFail(process.execPath, args, { cwd, env: appEnv })
}

test.group('Adopting the kit in an existing app', (group) => {
  group.tap((t) => t.tags(['@long']))
  let workspace: string
  group.each.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-adopt-'))
    return () => rm(workspace, { recursive: true, force: true })
  })

  test('configure @pantheon/kit turns a plain AdonisJS app into a Pantheon host', async ({
    assert,
  }) => {
    const root = join(workspace, 'plain-api')
    const kit = await readJson(app.makePath('package.json'))
    for (const [file, contents] of Object.entries(
      plainApp({ ...kit.devDependencies, ...kit.dependencies })
    )) {
      await mkdir(dirname(join(root, file)), { recursive: true })
      await writeFile(join(root, file), contents)
    }
    // The kit as npm publishes it, packed from this checkout's dist/ (built before the tests).
    const tarball = join(workspace, await packKit(app.makePath(), workspace))
    await installOffline(root, tarball)
    // What `npm install @pantheon/kit` would have added.
    const manifest = await readJson(join(root, 'package.json'))
    manifest.dependencies['@pantheon/kit'] = `file:${tarball}`
    await writeFile(join(root, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)

    await inApp(root, ['ace', 'configure', '@pantheon/kit'])
    for (const file of [
      'config/pantheon.ts',
      'config/messaging.ts',
      // One test holds every module to the architecture rules (verifyModules).
      'tests/architecture/solution.spec.ts',
      // The starter's error handler, as init writes it: this app had none.
      'app/exceptions/handler.ts',
      'database/migrations/1763700000000_create_pantheon_messaging_tables.ts',
      'database/migrations/1763800000000_create_pantheon_dead_letters_table.ts',
      'database/migrations/1763900000000_index_pending_outbox_rows.ts',
      'database/migrations/1764000000000_add_trace_context_to_outbox.ts',
      'database/migrations/1764100000000_index_done_messaging_rows.ts',
      'database/migrations/1764200000000_add_event_id_to_outbox.ts',
      'database/migrations/1764300000000_add_actor_to_outbox.ts',
      'database/migrations/1764400000000_claim_outbox_rows_through_pending_index.ts',
    ]) {
      assert.isTrue(existsSync(join(root, file)), `configure writes ${file}`)
    }
    // The provider runs without them: the memory transport and no rate-limit middleware.
    assert.isFalse(existsSync(join(root, 'config/limiter.ts')))
    assert.isFalse(existsSync(join(root, 'config/redis.ts')))
    const rc = await readFile(join(root, 'adonisrc.ts'), 'utf8')
    for (const expected of [
      "() => import('@pantheon/kit/provider')",
      "() => import('@pantheon/kit/commands')",
      'const moduleProviders = moduleRegistrationFiles(import.meta.dirname)',
      '...moduleProviders',
      "import { indexModules, reindexModules, moduleRegistrationFiles } from '@pantheon/kit/hooks'",
      'fileAdded: [reindexModules()]',
      'init: [indexEntities(), indexModules()]',
      "files: ['tests/unit/**/*.spec.{ts,js}', 'modules/*/tests/unit/**/*.spec.{ts,js}']",
      "'tests/architecture/**/*.spec.{ts,js}', 'modules/*/tests/architecture/**/*.spec.{ts,js}'",
      // The starter's HTTP suite, the one its tests/bootstrap.ts starts the server for.
      "files: ['tests/functional/**/*.spec.{ts,js}', 'modules/*/tests/integration/**/*.spec.{ts,js}']",
    ]) {
      assert.include(rc, expected)
    }
    const env = await readFile(join(root, 'start/env.ts'), 'utf8')
    assert.include(
      env,
      "MESSAGE_TRANSPORT: Env.schema.enum.optional(['memory', 'redis', 'rabbitmq'] as const)"
    )
    const { imports } = await readJson(join(root, 'package.json'))
    assert.equal(imports['#modules/*'], './modules/*.js')
    // Errors are answered by app/exceptions/handler.ts, which extends the kit's handler.
    assert.equal(imports['#exceptions/*'], './app/exceptions/*.js')
    assert.include(
      await readFile(join(root, 'start/kernel.ts'), 'utf8'),
      "server.errorHandler(() => import('#exceptions/handler'))"
    )

    const configured = await snapshot(root)
    await inApp(root, ['ace', 'configure', '@pantheon/kit'])
    assert.deepEqual(await snapshot(root), configured, 'a second configure changes no file')

    await inApp(root, ['ace', 'add-module', 'Inventory'])
    // A table of the module's own and a POST: the module's migrations folder joins the app's
    // connections, and the kit's body reading coexists with the starter's body parser middleware.
    for (const command of [
      ['add-entity', 'Item', '--module', 'Inventory', '--aggregate', '--properties', 'Name:string'],
      ['add-migration', 'Init', '--module', 'Inventory'],
      ['add-command', 'CreateItem', '--module', 'Inventory', '--result-type', 'ItemId'],
      [
        'add-endpoint',
        'CreateItem',
        '--module',
        'Inventory',
        '--method',
        'POST',
        '--route',
        '/',
        '--command',
        'CreateItem',
        '--result-type',
        'ItemId',
      ],
    ]) {
      // In this process: the spawned configure and add-module above proved the adopted app's
      // ace finds the kit's commands; these write the same files either way.
      await scaffoldInProcess(root, command)
    }
    // The adopted app's own TypeScript (5.9): configure leaves its compiler as it was.
    await inApp(root, [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit'])
    // The app's own test run finds the module's unit, architecture and HTTP tests.
    const tests = await inApp(root, ['ace', 'test', '--reporters=dot'], { NODE_ENV: 'test' })
    assert.match(tests.stdout, /Tests\s+\d+ passed \(\d+\)/)

    const server = await startServerProcess(
      { NODE_ENV: 'development', HOST: '127.0.0.1', PORT },
      { appRoot: root }
    )
    try {
      const sample = await fetch(`http://127.0.0.1:${PORT}/api/inventory/sample`)
      assert.equal(sample.status, 200)
      assert.equal(await sample.text(), '"Inventory module is running"')
      const created = await fetch(`http://127.0.0.1:${PORT}/api/inventory/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bolt' }),
      })
      assert.equal(created.status, 201, await created.clone().text())
      const read = await fetch(`http://127.0.0.1:${PORT}${created.headers.get('location')}`)
      assert.equal(read.status, 404, 'no query endpoint was added: the location is not served yet')
      // Answered by the app's handler, which extends the kit's: problem details.
      assert.equal(read.headers.get('content-type'), 'application/problem+json; charset=utf-8')
    } finally {
      await server.stop()
    }
    // The kit's provider migrated the app's own SQLite database as it started (development);
    // read once stopped, as the logger writes from a worker thread.
    // Every migration the app has: those configure wrote and the Inventory module's own.
    const migrations = globSync(
      '{database/migrations,modules/*/infrastructure/database/migrations}/*.ts',
      { cwd: root }
    ).length
    assert.include(server.output(), `applied ${migrations} pending migration`)
  }).timeout(600_000)
})
