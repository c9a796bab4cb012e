import { test } from '@japa/runner'
import { mkdtemp, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import pg from 'pg'
import { removeNamespace } from '#tests/common/broker_namespace'
import { composeConfig } from '#tests/common/compose_config'
import { generatedAppCommands, portAbove, runAppTests } from '#tests/common/generated_app_commands'
import { installOffline } from '#tests/common/kit_app'
import { OtlpReceiver } from '#tests/common/otlp_receiver'
import { startServerProcess } from '#tests/common/server_process'
import { lintApp } from '#tests/common/app_lint'

const inApp = generatedAppCommands(70)
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

/**
 * The app service's environment from compose.yaml, pointed at this machine's services instead
 * of Compose's (service names become 127.0.0.1, the database one of the test's own): what the
 * container would get, short of Docker itself.
 */
function onThisMachine(environment: Record<string, string>, database: string) {
  const databaseUrl = new URL(environment.DATABASE_URL)
  databaseUrl.hostname = '127.0.0.1'
  databaseUrl.pathname = `/${database}`
  const brokers: Record<string, string> = {}
  for (const name of ['REDIS_URL', 'RABBITMQ_URL']) {
    if (!environment[name]) continue
    const url = new URL(environment[name])
    url.hostname = '127.0.0.1'
    brokers[name] = url.toString()
  }
  return {
    ...environment,
    ...brokers,
    DATABASE_URL: databaseUrl.toString(),
    MESSAGE_NAMESPACE: database,
    // The dashboard's OTLP endpoint: the tests' own receiver takes its place (see the test).
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${portAbove(72)}`,
    HOST: '127.0.0.1',
    PORT: portAbove(71),
  }
}

async function withAdmin<T>(action: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    return await action(client)
  } finally {
    await client.end()
  }
}

test.group('init --aspire end to end', (group) => {
  group.tap((t) => t.tags(['@long']))
  let workspace: string
  group.each.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-aspire-e2e-'))
    return () => rm(workspace, { recursive: true, force: true })
  })

  test(
    '--transport {$self}: the app installs, typechecks, lints, passes its tests, and its build serves with the environment compose.yaml gives it'
  )
    .with(['redis', 'rabbitmq'] as const)
    .run(async ({ assert, cleanup }, transport) => {
      const node = process.execPath
      await inApp(app.makePath(), node, [
        'ace',
        'init',
        'Shop',
        '--out',
        workspace,
        '--aspire',
        '--transport',
        transport,
      ])
      const shop = join(workspace, 'Shop')
      await installOffline(shop)

      // No `tsc --noEmit` of its own: `node ace build` below fails on any type error.
      await lintApp(shop)
      const tests = await runAppTests(shop, ['--reporters=dot'], (argv) =>
        inApp(shop, node, argv, { NODE_ENV: 'test' })
      )
      assert.match(tests.stdout, /Tests\s+\d+ passed \(\d+\)/)
      assert.notMatch(tests.stdout, /failed/)

      // What the Dockerfile does: `node ace build`, then `node bin/server.js` in build/.
      await inApp(shop, node, ['ace', 'build'])
      const build = join(shop, 'build')
      await symlink(join(shop, 'node_modules'), join(build, 'node_modules'), 'dir')

      const compose = await composeConfig(shop)
      // Telemetry is on, as compose.yaml sets it: an OTLP receiver stands in for the dashboard.
      // (With none listening, the last export's timeout, about 10 s, delays the stop.)
      const receiver = await new OtlpReceiver(Number(portAbove(72))).start()
      cleanup(() => receiver.stop())
      const database = `shop_aspire_${portAbove(70)}`
      cleanup(() => removeNamespace(transport, database, []))
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${database}`))
      await withAdmin((client) => client.query(`CREATE DATABASE ${database}`))
      try {
        const env = onThisMachine(compose.services.app.environment!, database)
        const server = await startServerProcess(env, { appRoot: build, readyPath: '/health/ready' })
        try {
          const ready = await fetch(`http://127.0.0.1:${env.PORT}/health/ready`)
          assert.equal(ready.status, 200)
          const body = await ready.text()
          assert.include(body, transport, 'readiness checks the transport compose.yaml chose')
        } finally {
          assert.equal(await server.stop(), 0)
        }
        // DB_AUTO_MIGRATE=true: the messaging tables exist before the first request.
        const client = new pg.Client({ connectionString: env.DATABASE_URL })
        await client.connect()
        const { rows } = await client
          .query("SELECT tablename FROM pg_tables WHERE tablename LIKE 'pantheon_%'")
          .finally(() => client.end())
        const tables = rows.map((row: { tablename: string }) => row.tablename)
        assert.includeMembers(tables, ['pantheon_outbox', 'pantheon_inbox'])
      } finally {
        await withAdmin((client) =>
          client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
        )
      }
    })
    .timeout(600_000)
})
