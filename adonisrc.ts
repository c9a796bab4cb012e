import { indexEntities } from '@adonisjs/core'
import { defineConfig } from '@adonisjs/core/app'
import { indexModules, moduleRegistrationFiles, reindexModules } from '@pantheon/kit/hooks'

/**
 * Every module's registration class, found on disk: adding a module never edits this file.
 * Compiled builds hold .js files only, which the glob in moduleRegistrationFiles also matches.
 */
const moduleProviders = moduleRegistrationFiles(import.meta.dirname).map(
  (file) => () => import(new URL(`./${file.replace(/\.ts$/, '.js')}`, import.meta.url).href)
)

export default defineConfig({
  experimental: {},

  commands: [
    () => import('@adonisjs/core/commands'),
    () => import('@adonisjs/lucid/commands'),
    () => import('@pantheon/kit/commands'),
  ],

  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    {
      file: () => import('@adonisjs/core/providers/repl_provider'),
      environment: ['repl', 'test'],
    },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    // Registers the `redis` binding only; ioredis is imported when a connection is first asked for.
    () => import('@adonisjs/redis/redis_provider'),
    () => import('@pantheon/kit/provider'),
    ...moduleProviders,
  ],

  preloads: [() => import('#start/routes'), () => import('#start/kernel')],

  tests: {
    suites: [
      {
        name: 'unit',
        files: ['tests/unit/**/*.spec.{ts,js}', 'modules/*/tests/unit/**/*.spec.{ts,js}'],
        timeout: 5000,
      },
      {
        name: 'architecture',
        files: [
          'tests/architecture/**/*.spec.{ts,js}',
          'modules/*/tests/architecture/**/*.spec.{ts,js}',
        ],
        timeout: 60000,
      },
      {
        name: 'integration',
        files: [
          'tests/integration/**/*.spec.{ts,js}',
          'modules/*/tests/integration/**/*.spec.{ts,js}',
        ],
        timeout: 30000,
      },
      {
        // Whole apps made by `init`, driven through their own commands and HTTP. They choose
        // their own databases, so a PostgreSQL run of the other suites does not repeat them.
        name: 'e2e',
        files: ['tests/end_to_end/**/*.spec.{ts,js}'],
        timeout: 300000,
      },
    ],
    forceExit: false,
  },

  /**
   * This repository imports @pantheon/kit by its own package name (a self-reference), which
   * resolves to the kit's sources in app/ and commands/: the build compiles them with the rest,
   * and copies the commands' index, which ace reads beside commands/_index.js.
   */
  metaFiles: [{ pattern: 'commands/commands.json', reloadServer: false }],

  hooks: {
    init: [indexEntities(), indexModules()],
    fileAdded: [reindexModules()],
    fileRemoved: [reindexModules()],
  },
})
