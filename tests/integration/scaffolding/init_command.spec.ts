import { test } from '@japa/runner'
import { existsSync, statSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import testUtils from '@adonisjs/core/services/test_utils'
import KitExceptionHandler from '@pantheon/kit/exception_handler'
import { Project, SyntaxKind, ts } from 'ts-morph'
import Init from '#commands/init'
import {
  failingWriter,
  runCommand,
  scaffoldingApp,
  type ScaffoldingApp,
} from '#tests/common/scaffolding'
import { appFiles } from '#tests/common/kit_app'

test.group('init', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let out: string
  group.each.setup(async () => {
    out = await mkdtemp(join(tmpdir(), 'pantheon-init-'))
    return () => rm(out, { recursive: true, force: true })
  })

  test('creates an app that depends on the kit: its own entry points and configuration, no kernel source', async ({
    assert,
  }) => {
    const { exitCode } = await runCommand(Init, ['Shop', '--out', out])
    const shop = join(out, 'Shop')

    assert.equal(exitCode, 0)
    for (const file of [
      'adonisrc.ts',
      'bin/server.ts',
      'bin/setup.sh',
      'config/database.ts',
      'config/pantheon.ts',
      'start/kernel.ts',
      'app/exceptions/handler.ts',
      'tests/bootstrap.ts',
      'database/migrations/1763700000000_create_pantheon_messaging_tables.ts',
      'database/migrations/1764200000000_add_event_id_to_outbox.ts',
      'database/migrations/1764300000000_add_actor_to_outbox.ts',
      'database/migrations/1764400000000_claim_outbox_rows_through_pending_index.ts',
      // The gates of its published contracts: OpenAPI documents and AsyncAPI (events) documents.
      'tests/integration/openapi_documents.spec.ts',
      'tests/integration/asyncapi_documents.spec.ts',
      // docs/modules.md is kept to the modules' files (written on the first test run).
      'tests/integration/modules_document.spec.ts',
      '.ci/run',
      '.env.example',
      '.gitignore',
      '.prettierignore',
      'eslint.config.js',
      'README.md',
    ]) {
      assert.isTrue(existsSync(join(shop, file)), `${file} is missing`)
    }
    // The kernel, the commands and the stubs come from the package, never as copies. app/ holds
    // only the app's error handler, a subclass of the kit's for the app to customise.
    for (const folder of ['commands', 'stubs', 'modules', 'docs', 'bench', 'tests/common']) {
      assert.isFalse(existsSync(join(shop, folder)), `${folder} should not be written`)
    }
    const written = await appFiles(shop)
    assert.deepEqual(
      written.filter((file) => file.startsWith('app/')),
      ['app/exceptions/handler.ts']
    )
    assert.deepEqual(
      written.filter((file) => /building_blocks|scaffolding|catalog|orders/i.test(file)),
      [],
      "nothing of the kernel or of this repository's modules reaches the app"
    )
    for (const file of written.filter((name) => name.endsWith('.ts'))) {
      const source = await readFile(join(shop, file), 'utf8')
      assert.notMatch(
        source,
        /#(kit|building_blocks|scaffolding|host)\//,
        `${file} reaches into the kit's sources`
      )
    }

    const manifest = JSON.parse(await readFile(join(shop, 'package.json'), 'utf8'))
    assert.equal(manifest.name, 'shop')
    assert.equal(manifest.imports['#exceptions/*'], './app/exceptions/*.js')
    const [tarball] = await readdir(join(shop, 'vendor'))
    assert.match(tarball, /^pantheon-kit-\d+\.\d+\.\d+\.tgz$/)
    assert.equal(manifest.dependencies['@pantheon/kit'], `file:vendor/${tarball}`)
    for (const generator of ['ts-morph', 'tempura', 'diff', 'prettier']) {
      assert.notProperty(manifest.dependencies, generator)
      assert.property(manifest.devDependencies, generator)
    }
    for (const script of ['bench', 'load', 'bench:scaffolding', 'build:kit'])
      assert.notProperty(manifest.scripts, script)
    assert.property(manifest.scripts, 'test')
    // The typecheck runs TypeScript 7's native compiler; eslint and the assembler keep the
    // TypeScript 5.9 API they are built on.
    assert.equal(manifest.scripts.typecheck, 'tsc --noEmit')
    assert.match(manifest.devDependencies['tsgo'], /^npm:typescript@\^7\./)
    assert.match(manifest.devDependencies.typescript, /^~5\./)
    assert.equal(manifest.scripts.lint, 'eslint .')
    assert.equal(manifest.scripts.format, 'prettier --write .')
    assert.equal(manifest.prettier, '@adonisjs/prettier-config')
    assert.deepEqual(manifest.scarfSettings, { enabled: false }, 'installs report to nobody')
    for (const linter of ['eslint', '@adonisjs/eslint-config', '@adonisjs/prettier-config']) {
      assert.property(manifest.devDependencies, linter)
    }
    assert.include(await readFile(join(shop, 'README.md'), 'utf8'), '# Shop')
    assert.equal(statSync(join(shop, 'bin/start.sh')).mode & 0o111, 0o111)
    assert.equal(statSync(join(shop, '.ci/run')).mode & 0o111, 0o111)
  })

  test('--kit writes the dependency it is given (a published version) and packs nothing', async ({
    assert,
  }) => {
    const { exitCode } = await runCommand(Init, ['Shop', '--out', out, '--kit', '^0.2.0'])
    assert.equal(exitCode, 0)
    const manifest = JSON.parse(await readFile(join(out, 'Shop', 'package.json'), 'utf8'))
    assert.equal(manifest.dependencies['@pantheon/kit'], '^0.2.0')
    assert.isFalse(existsSync(join(out, 'Shop', 'vendor')))

    const refused = await runCommand(Init, ['Other', '--out', out, '--kit', '^0.2 .0'])
    assert.equal(refused.exitCode, 1)
    assert.include(refused.output, 'is not a dependency')
  })

  test('refuses a folder that is not empty', async ({ assert }) => {
    await mkdir(join(out, 'Shop'))
    await writeFile(join(out, 'Shop', 'notes.txt'), 'keep me')

    const { exitCode, output } = await runCommand(Init, ['Shop', '--out', out])

    assert.equal(exitCode, 1)
    assert.include(output, 'is not empty')
    assert.isFalse(existsSync(join(out, 'Shop', 'adonisrc.ts')))
  })

  test('--transport {kind} makes it the default in config and writes its env variables')
    .with([
      { kind: 'redis', variable: 'REDIS_URL=redis://127.0.0.1:6379' },
      { kind: 'rabbitmq', variable: 'RABBITMQ_URL=amqp://guest:guest@127.0.0.1:5672' },
      { kind: 'memory', variable: 'MESSAGE_TRANSPORT=memory' },
    ])
    .run(async ({ assert }, { kind, variable }) => {
      const { exitCode } = await runCommand(Init, ['Shop', '--out', out, '--transport', kind])
      assert.equal(exitCode, 0)
      const config = await readFile(join(out, 'Shop', 'config/messaging.ts'), 'utf8')
      assert.include(config, `env.get('MESSAGE_TRANSPORT', '${kind}')`)
      const dotEnv = await readFile(join(out, 'Shop', '.env'), 'utf8')
      assert.include(dotEnv, `MESSAGE_TRANSPORT=${kind}\n`)
      assert.include(dotEnv, variable)
      // Every variable written is one the app reads.
      const envSchema = await readFile(join(out, 'Shop', 'start/env.ts'), 'utf8')
      for (const name of dotEnv.match(/^[A-Z_]+(?==)/gm) ?? [])
        assert.include(envSchema, `${name}:`)
    })

  test('an unknown --transport is rejected with the valid ones, and nothing is written', async ({
    assert,
  }) => {
    const { exitCode, output } = await runCommand(Init, [
      'Shop',
      '--out',
      out,
      '--transport',
      'kafka',
    ])
    assert.equal(exitCode, 1)
    assert.include(output, 'Unknown transport "kafka"')
    assert.include(output, 'memory, redis, rabbitmq')
    assert.isFalse(existsSync(join(out, 'Shop')))
  })

  test('rejects an app name that is not PascalCase', async ({ assert }) => {
    const { exitCode, output } = await runCommand(Init, ['my-shop', '--out', out])
    assert.equal(exitCode, 1)
    assert.include(output, 'must be PascalCase')
  })

  test('--dry-run writes nothing', async ({ assert }) => {
    const { exitCode, output } = await runCommand(Init, ['Shop', '--out', out, '--dry-run'])
    assert.equal(exitCode, 0)
    assert.include(output, 'would create adonisrc.ts')
    assert.isFalse(existsSync(join(out, 'Shop')))
  })

  test('a write failing half-way leaves nothing behind', async ({ assert }) => {
    const { exitCode } = await runCommand(Init, ['Shop', '--out', out], {
      writer: failingWriter(10),
    })
    assert.equal(exitCode, 1)
    assert.isFalse(existsSync(join(out, 'Shop')))
  })
})

/**
 * The file start/kernel.ts registers with `server.errorHandler(() => import('…'))`, resolved as
 * tsc resolves it with the app's tsconfig.json (and so through package.json's imports map).
 */
function registeredErrorHandler(root: string): string | undefined {
  const project = new Project({
    tsConfigFilePath: join(root, 'tsconfig.json'),
    skipAddingFilesFromTsConfig: true,
  })
  const kernel = project.addSourceFileAtPath(join(root, 'start', 'kernel.ts'))
  const registration = kernel
    .getDescendantsOfKind(SyntaxKind.CallExpression)
    .find((call) => call.getExpression().getText() === 'server.errorHandler')
  const specifier = registration
    ?.getFirstDescendantByKind(SyntaxKind.StringLiteral)
    ?.getLiteralValue()
  if (!specifier) return undefined
  return ts.resolveModuleName(
    specifier,
    kernel.getFilePath(),
    project.getCompilerOptions(),
    project.getModuleResolutionHost()
  ).resolvedModule?.resolvedFileName
}

/** A team's edits of the generated handler: one error type of its own, and an error tracker. */
function withTeamOverrides(handler: string): string {
  const edits: [string, string][] = [
    [
      "import PantheonExceptionHandler from '@pantheon/kit/exception_handler'\n",
      "import PantheonExceptionHandler from '@pantheon/kit/exception_handler'\n" +
        "import { sendProblem } from '@pantheon/kit/http'\n\n" +
        'export const tracked: unknown[] = []\n',
    ],
    [
      '  async handle(error: unknown, ctx: HttpContext) {\n',
      '  async handle(error: unknown, ctx: HttpContext) {\n' +
        "    if (error instanceof Error && error.name === 'OutOfStockError') {\n" +
        "      return sendProblem(ctx, { status: 409, code: 'Stock.Exhausted', detail: error.message })\n" +
        '    }\n',
    ],
    [
      '  async report(error: unknown, ctx: HttpContext) {\n',
      '  async report(error: unknown, ctx: HttpContext) {\n    tracked.push(error)\n',
    ],
  ]
  return edits.reduce((source, [find, replace]) => {
    if (!source.includes(find)) throw new Error(`the generated handler has no ${find.trim()}`)
    return source.replace(find, replace)
  }, handler)
}

test.group("init: the app's error handler", (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let shop: ScaffoldingApp
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    return () => shop.remove()
  })

  test("the kernel registers app/exceptions/handler.ts, a subclass of the kit's handler", async ({
    assert,
  }) => {
    assert.equal(registeredErrorHandler(shop.root), shop.path('app', 'exceptions', 'handler.ts'))
    const { default: Handler } = (await import(
      pathToFileURL(shop.path('app', 'exceptions', 'handler.ts')).href
    )) as { default: new () => unknown }
    assert.notStrictEqual(Handler, KitExceptionHandler)
    assert.instanceOf(new Handler(), KitExceptionHandler)
  })

  test("a team's overrides in it take effect, and super answers every other error as problem details", async ({
    assert,
  }) => {
    const file = shop.path('app', 'exceptions', 'handler.ts')
    await writeFile(file, withTeamOverrides(await readFile(file, 'utf8')))
    const { default: Handler, tracked } = (await import(pathToFileURL(file).href)) as {
      default: new () => KitExceptionHandler
      tracked: unknown[]
    }
    const handler = new Handler()
    const answer = async (error: Error) => {
      const ctx = await testUtils.createHttpContext()
      await handler.handle(error, ctx)
      await handler.report(error, ctx)
      return {
        status: ctx.response.getStatus(),
        contentType: ctx.response.getHeader('content-type'),
        body: JSON.parse(String(ctx.response.getBody())) as Record<string, unknown>,
      }
    }

    const outOfStock = Object.assign(new Error('Only 2 left'), {
      name: 'OutOfStockError',
      status: 409,
    })
    const own = await answer(outOfStock)
    assert.equal(own.status, 409)
    assert.equal(own.contentType, 'application/problem+json; charset=utf-8')
    assert.include(own.body, { status: 409, code: 'Stock.Exhausted', detail: 'Only 2 left' })

    const missing = Object.assign(new Error('Row not found'), {
      status: 404,
      code: 'E_ROW_NOT_FOUND',
    })
    const other = await answer(missing)
    assert.equal(other.status, 404)
    assert.equal(other.contentType, 'application/problem+json; charset=utf-8')
    assert.include(other.body, { status: 404, title: 'Not Found', code: 'E_ROW_NOT_FOUND' })

    assert.deepEqual(tracked, [outOfStock, missing], 'report reached the overridden method')
  })
})
