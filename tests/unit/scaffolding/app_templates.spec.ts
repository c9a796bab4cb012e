import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { renderStub } from '#kit/scaffolding/render_stub'

/**
 * The reference app's own host files are the ones `init` writes: the templates stay what this
 * repository runs and tests every day. The files left out differ on purpose: adonisrc.ts, start/
 * env.ts and routes.ts (the benchmark's routes, the kit's dist/ in the build), bin/setup.sh
 * (compiles the kit), bin/test.sh (a quick loop, and the end-to-end suite beside the others),
 * .ci/run (PostgreSQL, the load check and the chaos run), eslint.config.js (a package's preset),
 * tsconfig.json, .gitignore, README.md, the solution tests, tests/bootstrap.ts (which checks
 * the services this repository's integration suite needs) and app/exceptions/handler.ts (here the
 * kit's handler itself, which an app's extends).
 */
const SHARED = [
  'ace.js',
  '.env.example',
  'bin/_importer.ts',
  'bin/console.ts',
  'bin/node24.sh',
  'bin/server.ts',
  'bin/start.sh',
  'bin/test.ts',
  'config/app.ts',
  'config/bodyparser.ts',
  'config/database.ts',
  'config/encryption.ts',
  'config/limiter.ts',
  'config/logger.ts',
  'config/messaging.ts',
  'config/pantheon.ts',
  'config/redis.ts',
  'start/kernel.ts',
  'database/migrations/1763700000000_create_pantheon_messaging_tables.ts',
  'database/migrations/1763800000000_create_pantheon_dead_letters_table.ts',
  'database/migrations/1763900000000_index_pending_outbox_rows.ts',
  'database/migrations/1764000000000_add_trace_context_to_outbox.ts',
  'database/migrations/1764100000000_index_done_messaging_rows.ts',
  'database/migrations/1764200000000_add_event_id_to_outbox.ts',
  'database/migrations/1764300000000_add_actor_to_outbox.ts',
  'database/migrations/1764400000000_claim_outbox_rows_through_pending_index.ts',
]

test.group('Templates of init', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('{$self} is written exactly as this repository has it')
    .with(SHARED)
    .run(async ({ assert }, file) => {
      const stub = `app/${file.replace(/^\./, '')}.stub`
      const rendered = await renderStub(app, stub, {
        target: '/new-app',
        appName: 'Shop',
        packageName: 'shop',
      })
      assert.equal(rendered.destination, `/new-app/${file}`)
      assert.equal(rendered.contents, await readFile(app.makePath(file), 'utf8'))
    })
})
