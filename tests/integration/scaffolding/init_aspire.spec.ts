import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Init from '#commands/init'
import { composeConfig, type ComposeModel } from '#tests/common/compose_config'
import { runCommand } from '#tests/common/scaffolding'

/** The standard OpenTelemetry variables the app's telemetry reads (docs/observability.md). */
const OTEL_VARIABLES = [
  'OTEL_SERVICE_NAME',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_PROTOCOL',
]
/** The dashboard's OTLP/HTTP port inside its container; 18889 is OTLP/gRPC, 18888 the UI. */
const DASHBOARD_OTLP_HTTP_PORT = 18890

interface BrokerCase {
  kind: 'memory' | 'redis' | 'rabbitmq'
  broker?: string
  image?: RegExp
  urlVariable?: string
  port?: number
}

const BROKERS: BrokerCase[] = [
  { kind: 'memory' },
  { kind: 'redis', broker: 'redis', image: /^redis:/, urlVariable: 'REDIS_URL', port: 6379 },
  {
    kind: 'rabbitmq',
    broker: 'rabbitmq',
    image: /^rabbitmq:/,
    urlVariable: 'RABBITMQ_URL',
    port: 5672,
  },
]

/** The variable names the app's start/env.ts validates. */
async function validatedVariables(appRoot: string): Promise<string[]> {
  const schema = await readFile(join(appRoot, 'start/env.ts'), 'utf8')
  return [...schema.matchAll(/^\s+([A-Z][A-Z0-9_]*): Env\.schema\./gm)].map((match) => match[1])
}

function published(compose: ComposeModel, service: string, target: number) {
  return compose.services[service].ports?.find((port) => port.target === target)?.published
}

test.group('init --aspire', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let out: string
  group.each.setup(async () => {
    out = await mkdtemp(join(tmpdir(), 'pantheon-aspire-'))
    return () => rm(out, { recursive: true, force: true })
  })

  test(
    '--transport {kind}: a valid compose.yaml wiring PostgreSQL, the broker, the app and the Aspire dashboard'
  )
    .with(BROKERS)
    .run(async ({ assert }, { kind, broker, image, urlVariable, port }) => {
      const { exitCode, output } = await runCommand(Init, [
        'Shop',
        '--out',
        out,
        '--aspire',
        '--transport',
        kind,
      ])
      assert.equal(exitCode, 0, output)
      const shop = join(out, 'Shop')
      const compose = await composeConfig(shop)

      const expected = ['app', 'aspire-dashboard', 'postgres', ...(broker ? [broker] : [])]
      assert.sameMembers(Object.keys(compose.services), expected)
      const { app, postgres } = compose.services
      assert.match(postgres.image!, /^postgres:\d+/)
      assert.match(
        compose.services['aspire-dashboard'].image!,
        /^mcr\.microsoft\.com\/dotnet\/aspire-dashboard:/
      )
      if (broker) assert.match(compose.services[broker].image!, image!)

      // The app is built from the Dockerfile init wrote, in the app's folder.
      assert.equal(app.build?.context, shop)
      assert.isTrue(existsSync(join(shop, 'Dockerfile')))
      assert.include(await readFile(join(shop, '.dockerignore'), 'utf8'), 'node_modules/')

      // Every variable the app gets is one its start/env.ts validates, or a standard OTEL_ one.
      const env = app.environment!
      const validated = await validatedVariables(shop)
      for (const name of Object.keys(env)) {
        if (name.startsWith('OTEL_')) assert.include(OTEL_VARIABLES, name)
        else assert.include(validated, name, `${name} is not validated by start/env.ts`)
      }

      // PostgreSQL: the database and credentials Compose creates are those the app connects with.
      assert.equal(env.DB_CONNECTION, 'pg')
      const database = new URL(env.DATABASE_URL)
      assert.equal(database.hostname, 'postgres')
      assert.equal(database.port, '5432')
      assert.equal(database.username, postgres.environment!.POSTGRES_USER)
      assert.equal(database.password, postgres.environment!.POSTGRES_PASSWORD)
      assert.equal(database.pathname, `/${postgres.environment!.POSTGRES_DB}`)

      // The broker: the chosen transport, reached by its service name.
      assert.equal(env.MESSAGE_TRANSPORT, kind)
      for (const variable of ['REDIS_URL', 'RABBITMQ_URL']) {
        if (variable !== urlVariable) assert.notProperty(env, variable)
      }
      if (urlVariable) {
        const url = new URL(env[urlVariable])
        assert.equal(url.hostname, broker)
        assert.equal(Number(url.port), port)
      }

      // Telemetry goes to the dashboard's OTLP/HTTP port, the one published as 4318.
      const endpoint = new URL(env.OTEL_EXPORTER_OTLP_ENDPOINT)
      assert.equal(endpoint.hostname, 'aspire-dashboard')
      assert.equal(Number(endpoint.port), DASHBOARD_OTLP_HTTP_PORT)
      assert.equal(published(compose, 'aspire-dashboard', DASHBOARD_OTLP_HTTP_PORT), 4318)
      assert.equal(published(compose, 'aspire-dashboard', 18888), 18888)
      assert.equal(env.OTEL_EXPORTER_OTLP_PROTOCOL, 'http/protobuf')
      assert.equal(env.OTEL_SERVICE_NAME, 'shop')
      const dashboard = compose.services['aspire-dashboard'].environment!
      assert.equal(dashboard.DASHBOARD__OTLP__AUTHMODE, 'Unsecured')
      assert.equal(dashboard.DASHBOARD__FRONTEND__AUTHMODE, 'Unsecured')

      // Start order: the app waits for the database and the broker to be healthy.
      const healthy = ['postgres', ...(broker ? [broker] : [])]
      for (const service of healthy) {
        assert.equal(app.depends_on?.[service]?.condition, 'service_healthy')
        assert.isNotEmpty(
          compose.services[service].healthcheck?.test,
          `${service} has no health check`
        )
      }
      assert.equal(app.depends_on?.['aspire-dashboard']?.condition, 'service_started')
      // A start that gave up on a dependency (exit code 1) is tried again.
      assert.equal(app.restart, 'on-failure')
      assert.sameMembers(Object.keys(app.depends_on!), [...healthy, 'aspire-dashboard'])
      assert.equal(published(compose, 'app', Number(env.PORT)), 5000)
      assert.include(app.healthcheck!.test.join(' '), `127.0.0.1:${env.PORT}/health/ready`)

      // Production refuses to start without an APP_KEY of at least 32 characters.
      assert.equal(env.NODE_ENV, 'production')
      assert.isAtLeast(env.APP_KEY.length, 32)
      assert.equal(env.DB_AUTO_MIGRATE, 'true')

      const readme = await readFile(join(shop, 'README.md'), 'utf8')
      assert.include(readme, '## Run everything with Docker Compose')
      assert.include(readme, 'docker compose up --build')
    })

  test('the Dockerfile builds with node ace build and runs the build as the user node, on the port compose publishes', async ({
    assert,
  }) => {
    await runCommand(Init, ['Shop', '--out', out, '--aspire'])
    const shop = join(out, 'Shop')
    const dockerfile = await readFile(join(shop, 'Dockerfile'), 'utf8')
    const stages = dockerfile.split(/^FROM /m).slice(1)
    assert.lengthOf(stages, 2)
    const [build, runtime] = stages
    assert.match(build, /^node:24/)
    assert.include(build, 'RUN node ace build')
    assert.match(runtime, /^node:24/)
    assert.include(runtime, 'COPY --from=build /app/build ./')
    assert.include(runtime, 'npm ci --omit=dev --omit=optional')
    // The app's one write: tmp/, made before the image drops root.
    assert.isBelow(runtime.indexOf('chown node:node tmp'), runtime.indexOf('USER node'))
    assert.include(runtime, 'CMD ["node", "bin/server.js"]')
    const compose = await composeConfig(shop)
    const port = compose.services.app.environment!.PORT
    assert.include(runtime, `EXPOSE ${port}`)
    const ignored = await readFile(join(shop, '.dockerignore'), 'utf8')
    for (const entry of ['node_modules/', 'build/', '.env'])
      assert.include(ignored.split('\n'), entry)
    assert.notInclude(ignored.split('\n'), 'vendor/', 'the kit tarball is installed in the image')
  })

  test('APP_KEY from the environment replaces the local one', async ({ assert }) => {
    await runCommand(Init, ['Shop', '--out', out, '--aspire'])
    const key = 'a-key-set-by-whoever-runs-compose-0123456789'
    const compose = await composeConfig(join(out, 'Shop'), { APP_KEY: key })
    assert.equal(compose.services.app.environment!.APP_KEY, key)
    assert.equal(compose.services.app.environment!.MESSAGE_TRANSPORT, 'memory')
  })

  test('an app named in several words gets a database name PostgreSQL takes unquoted', async ({
    assert,
  }) => {
    await runCommand(Init, ['MyShop', '--out', out, '--aspire'])
    const compose = await composeConfig(join(out, 'MyShop'))
    assert.equal(compose.services.postgres.environment!.POSTGRES_DB, 'my_shop')
    const env = compose.services.app.environment!
    assert.equal(new URL(env.DATABASE_URL).pathname, '/my_shop')
    assert.equal(env.OTEL_SERVICE_NAME, 'my-shop')
  })

  test('without --aspire no orchestration is written', async ({ assert }) => {
    await runCommand(Init, ['Shop', '--out', out, '--transport', 'redis'])
    const shop = join(out, 'Shop')
    for (const file of ['compose.yaml', 'Dockerfile', '.dockerignore'])
      assert.isFalse(existsSync(join(shop, file)), `${file} should not be written`)
    assert.notInclude(await readFile(join(shop, 'README.md'), 'utf8'), 'Docker Compose')
  })

  test('--aspire with an unknown transport is refused with the valid ones, and nothing is written', async ({
    assert,
  }) => {
    const { exitCode, output } = await runCommand(Init, [
      'Shop',
      '--out',
      out,
      '--aspire',
      '--transport',
      'kafka',
    ])
    assert.equal(exitCode, 1)
    assert.include(output, 'Unknown transport "kafka"')
    assert.include(output, 'memory, redis, rabbitmq')
    assert.isFalse(existsSync(join(out, 'Shop')))
  })

  test('--aspire with a name that is not PascalCase is refused, and nothing is written', async ({
    assert,
  }) => {
    const { exitCode, output } = await runCommand(Init, ['my-shop', '--out', out, '--aspire'])
    assert.equal(exitCode, 1)
    assert.include(output, 'must be PascalCase')
    assert.isFalse(existsSync(join(out, 'my-shop')))
  })

  test('--aspire --dry-run lists the orchestration files and writes nothing', async ({
    assert,
  }) => {
    const { exitCode, output } = await runCommand(Init, [
      'Shop',
      '--out',
      out,
      '--aspire',
      '--dry-run',
    ])
    assert.equal(exitCode, 0)
    for (const file of ['compose.yaml', 'Dockerfile', '.dockerignore'])
      assert.include(output, `would create ${file}`)
    assert.isFalse(existsSync(join(out, 'Shop')))
  })
})
