import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import app from '@adonisjs/core/services/app'
import ConfigureCommand from '@adonisjs/core/commands/configure'
import { renderStub } from '#kit/scaffolding/render_stub'
import { linkPackages, runCommand } from '#tests/common/scaffolding'

/** The starter's imports map; `#exceptions/*` left out when `exceptions` is false. */
function manifest(exceptions: boolean): string {
  const imports = {
    '#controllers/*': './app/controllers/*.js',
    ...(exceptions ? { '#exceptions/*': './app/exceptions/*.js' } : {}),
    '#start/*': './start/*.js',
    '#config/*': './config/*.js',
  }
  const contents = { name: 'plain-api', private: true, type: 'module', imports }
  return `${JSON.stringify(contents, null, 2)}\n`
}

const STARTER_KERNEL = `import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

/**
 * The error handler is used to convert an exception
 * to an HTTP response.
 */
server.errorHandler(() => import('#exceptions/handler'))

server.use([])

router.use([() => import('@adonisjs/core/bodyparser_middleware')])

export const middleware = router.named({})
`

const STARTER_HANDLER = `import app from '@adonisjs/core/services/app'
import { HttpContext, ExceptionHandler } from '@adonisjs/core/http'

export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = !app.inProduction

  async handle(error: unknown, ctx: HttpContext) {
    return super.handle(error, ctx)
  }

  async report(error: unknown, ctx: HttpContext) {
    return super.report(error, ctx)
  }
}
`

/**
 * The files of an AdonisJS API app that `configure` reads; `kernel` and `handler` are its
 * start/kernel.ts and app/exceptions/handler.ts (none when undefined).
 */
function plainApp(options: { exceptionsAlias: boolean; kernel: string; handler?: string }) {
  return {
    'package.json': manifest(options.exceptionsAlias),
    'tsconfig.json': `{
  "extends": "@adonisjs/tsconfig/tsconfig.app.json",
  "compilerOptions": { "rootDir": "./", "outDir": "./build" }
}
`,
    'adonisrc.ts': `import { defineConfig } from '@adonisjs/core/app'

export default defineConfig({
  commands: [() => import('@adonisjs/core/commands')],
  providers: [() => import('@adonisjs/core/providers/app_provider')],
  preloads: [() => import('#start/routes'), () => import('#start/kernel')],
})
`,
    'start/env.ts': `import { Env } from '@adonisjs/core/env'

export default await Env.create(new URL('../', import.meta.url), {
  NODE_ENV: Env.schema.enum(['development', 'production', 'test'] as const),
  PORT: Env.schema.number(),
  HOST: Env.schema.string({ format: 'host' }),
})
`,
    'start/kernel.ts': options.kernel,
    ...(options.handler === undefined ? {} : { 'app/exceptions/handler.ts': options.handler }),
  }
}

/** The files configure may edit for the error handler, as they are now. */
async function handlerFiles(root: string) {
  const read = async (file: string) =>
    existsSync(join(root, file)) ? await readFile(join(root, file), 'utf8') : undefined
  return {
    kernel: await read('start/kernel.ts'),
    handler: await read('app/exceptions/handler.ts'),
    imports: (JSON.parse((await read('package.json')) ?? '{}') as { imports: object }).imports,
  }
}

test.group("configure @pantheon/kit: the app's error handler", (group) => {
  group.tap((t) => t.tags(['@any-database']))
  // The first test loads the TypeScript compiler into this process and configures twice: 12 s
  // alone, 31 s once in CI beside four busy lanes, past the suite's 30 s.
  group.each.timeout(90_000)
  let root: string
  group.each.setup(async () => {
    const workspace = await mkdtemp(join(tmpdir(), 'pantheon-configure-'))
    root = join(workspace, 'plain-api')
    return () => rm(workspace, { recursive: true, force: true })
  })

  async function writeApp(files: Record<string, string>) {
    for (const [file, contents] of Object.entries(files)) {
      await mkdir(dirname(join(root, file)), { recursive: true })
      await writeFile(join(root, file), contents)
    }
    await linkPackages(root)
  }

  const configure = () => runCommand(ConfigureCommand, ['@pantheon/kit'], { appRoot: root })

  test("a starter's handler keeps its code and extends the kit's; a second run changes nothing", async ({
    assert,
  }) => {
    await writeApp(
      plainApp({ exceptionsAlias: true, kernel: STARTER_KERNEL, handler: STARTER_HANDLER })
    )
    const { exitCode, output } = await configure()
    assert.equal(exitCode, 0, output)
    assert.include(output, 'update app/exceptions/handler.ts')
    assert.include(output, 'now extends @pantheon/kit/exception_handler')

    const configured = await handlerFiles(root)
    assert.equal(configured.kernel, STARTER_KERNEL)
    assert.equal(
      configured.handler,
      STARTER_HANDLER.replace(
        "import { HttpContext, ExceptionHandler } from '@adonisjs/core/http'\n",
        "import { HttpContext } from '@adonisjs/core/http'\nimport PantheonExceptionHandler from '@pantheon/kit/exception_handler'\n"
      ).replace('extends ExceptionHandler {', 'extends PantheonExceptionHandler {')
    )
    assert.equal(
      (configured.imports as Record<string, string>)['#exceptions/*'],
      './app/exceptions/*.js'
    )

    const again = await configure()
    assert.equal(again.exitCode, 0, again.output)
    assert.deepEqual(await handlerFiles(root), configured)
  }).tags(['@slow'], 'append')

  test('an app that registers no error handler gets the one init writes, registered in its kernel', async ({
    assert,
  }) => {
    const kernel = STARTER_KERNEL.replace(
      /\/\*\*\n \* The error handler[^]*?import\('#exceptions\/handler'\)\)\n\n/,
      ''
    )
    assert.notInclude(kernel, 'errorHandler')
    await writeApp(plainApp({ exceptionsAlias: false, kernel }))
    const { exitCode, output } = await configure()
    assert.equal(exitCode, 0, output)

    const configured = await handlerFiles(root)
    const template = await renderStub(app, 'app/app/exceptions/handler.ts.stub', { target: root })
    assert.equal(configured.handler, template.contents)
    assert.equal(
      configured.kernel,
      kernel.replace(
        "server'\n\n",
        "server'\n\nserver.errorHandler(() => import('#exceptions/handler'))\n\n"
      )
    )
    assert.include(configured.imports, {
      '#modules/*': './modules/*.js',
      '#exceptions/*': './app/exceptions/*.js',
    })
  })

  test('a handler built on a class of its own is left as it is, with the change to make', async ({
    assert,
  }) => {
    const handler = `import TrackedHandler from '#exceptions/tracked_handler'

export default class HttpExceptionHandler extends TrackedHandler {}
`
    await writeApp(plainApp({ exceptionsAlias: true, kernel: STARTER_KERNEL, handler }))
    const { exitCode, output } = await configure()
    assert.equal(exitCode, 0, output)
    assert.include(output, 'app/exceptions/handler.ts extends TrackedHandler, so configure left it')
    assert.include(output, 'extend the default export of @pantheon/kit/exception_handler')

    const configured = await handlerFiles(root)
    assert.equal(configured.handler, handler)
    assert.equal(configured.kernel, STARTER_KERNEL)
  })
})
