import { test } from '@japa/runner'
import * as tsMorph from 'ts-morph'
import { adoptExceptionHandler, handlerFileOf } from '#kit/kit/exception_handler_adoption'

const HANDLER_PATH = 'app/exceptions/handler.ts'

/** A kernel as AdonisJS's starter writes it, with the line that registers its error handler. */
function starterKernel(registration: string) {
  return `import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

${registration}

server.use([])

export const middleware = router.named({})
`
}

/** The starter's handler, extending AdonisJS's own and overriding both methods. */
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

/** The app's kernel and handler (when given), in memory, as configure reads them. */
function appFiles(kernel: string, handler?: string) {
  const project = new tsMorph.Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { quoteKind: tsMorph.QuoteKind.Single },
  })
  return {
    kernel: project.createSourceFile('/app/start/kernel.ts', kernel),
    handler:
      handler === undefined ? undefined : project.createSourceFile(`/app/${HANDLER_PATH}`, handler),
  }
}

function adopt(kernel: string, handler?: string) {
  const files = appFiles(kernel, handler)
  const adoption = adoptExceptionHandler(tsMorph, { ...files, handlerPath: HANDLER_PATH })
  return {
    adoption,
    kernel: files.kernel.getFullText(),
    handler: files.handler?.getFullText(),
  }
}

test.group("Adopting the kit's exception handler", () => {
  test("a starter's handler gets the kit's as its base class, its overrides and kernel kept", ({
    assert,
  }) => {
    const kernel = starterKernel("server.errorHandler(() => import('#exceptions/handler'))")
    const result = adopt(kernel, STARTER_HANDLER)

    assert.deepEqual(result.adoption, {
      writeHandler: false,
      kernelEdited: false,
      handlerRebased: true,
      needsAlias: true,
    })
    assert.equal(result.kernel, kernel)
    assert.equal(
      result.handler,
      STARTER_HANDLER.replace(
        "import { HttpContext, ExceptionHandler } from '@adonisjs/core/http'\n",
        "import { HttpContext } from '@adonisjs/core/http'\nimport PantheonExceptionHandler from '@pantheon/kit/exception_handler'\n"
      ).replace('extends ExceptionHandler {', 'extends PantheonExceptionHandler {')
    )

    // A second run finds the arrangement it makes and changes nothing.
    const again = adopt(result.kernel, result.handler)
    assert.deepEqual(again.adoption, {
      writeHandler: false,
      kernelEdited: false,
      handlerRebased: false,
      needsAlias: true,
    })
    assert.equal(again.handler, result.handler)
    assert.equal(again.kernel, result.kernel)
  })

  test("AdonisJS's ExceptionHandler stays imported when the handler uses it elsewhere", ({
    assert,
  }) => {
    const handler = `import { ExceptionHandler as Base } from '@adonisjs/core/http'

export default class HttpExceptionHandler extends Base {
  static framework: typeof Base = Base
}
`
    const result = adopt(
      starterKernel("server.errorHandler(() => import('#exceptions/handler'))"),
      handler
    )
    assert.isTrue(result.adoption.handlerRebased)
    assert.equal(
      result.handler,
      `import { ExceptionHandler as Base } from '@adonisjs/core/http'
import PantheonExceptionHandler from '@pantheon/kit/exception_handler'

export default class HttpExceptionHandler extends PantheonExceptionHandler {
  static framework: typeof Base = Base
}
`
    )
  })

  test('an app with no error handler gets the handler init writes, registered in its kernel', ({
    assert,
  }) => {
    const result = adopt(`import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.use([])
`)
    assert.deepEqual(result.adoption, {
      writeHandler: true,
      kernelEdited: true,
      handlerRebased: false,
      needsAlias: true,
    })
    assert.equal(
      result.kernel,
      `import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#exceptions/handler'))

server.use([])
`
    )
  })

  test('a kernel that does not import the server service gets the import too', ({ assert }) => {
    const result = adopt(`import router from '@adonisjs/core/services/router'

export const middleware = router.named({})
`)
    assert.isTrue(result.adoption.kernelEdited)
    assert.equal(
      result.kernel,
      `import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#exceptions/handler'))

export const middleware = router.named({})
`
    )
  })

  test("an app made by an earlier init moves from the kit's handler to its own", ({ assert }) => {
    const kernel = starterKernel(
      "server.errorHandler(() => import('@pantheon/kit/exception_handler'))"
    )
    const result = adopt(kernel)
    assert.deepEqual(result.adoption, {
      writeHandler: true,
      kernelEdited: true,
      handlerRebased: false,
      needsAlias: true,
    })
    assert.equal(
      result.kernel,
      kernel.replace('@pantheon/kit/exception_handler', '#exceptions/handler')
    )

    // Its own handler file, already extending the kit's: only the kernel changes.
    const withHandler = adopt(
      kernel,
      `import PantheonExceptionHandler from '@pantheon/kit/exception_handler'

export default class HttpExceptionHandler extends PantheonExceptionHandler {}
`
    )
    assert.deepEqual(withHandler.adoption, {
      writeHandler: false,
      kernelEdited: true,
      handlerRebased: false,
      needsAlias: true,
    })
  })

  test('{label} is left as it is, with advice saying what to change')
    .with([
      {
        label: "a handler file the kernel does not register, beside the kit's",
        kernel: starterKernel(
          "server.errorHandler(() => import('@pantheon/kit/exception_handler'))"
        ),
        handler: STARTER_HANDLER,
        advice: 'registers @pantheon/kit/exception_handler directly, so app/exceptions/handler.ts',
      },
      {
        label: 'a handler of another package',
        kernel: starterKernel("server.errorHandler(() => import('@acme/errors/handler'))"),
        handler: undefined,
        advice: 'registers @acme/errors/handler as the error handler',
      },
      {
        label: 'a handler that extends a class of its own',
        kernel: starterKernel("server.errorHandler(() => import('#exceptions/handler'))"),
        handler: `import TrackedHandler from '#exceptions/tracked_handler'

export default class HttpExceptionHandler extends TrackedHandler {}
`,
        advice: 'app/exceptions/handler.ts extends TrackedHandler',
      },
      {
        label: 'a handler that extends nothing',
        kernel: starterKernel("server.errorHandler(() => import('#exceptions/handler'))"),
        handler: `export default class HttpExceptionHandler {}
`,
        advice: 'has no default-exported class that extends one',
      },
      {
        label: 'a registration configure cannot read',
        kernel: starterKernel('server.errorHandler(loadHandler)'),
        handler: undefined,
        advice: 'in a way configure does not read (server.errorHandler(loadHandler))',
      },
    ])
    .run(({ assert }, { kernel, handler, advice }) => {
      const result = adopt(kernel, handler)
      assert.include(result.adoption.advice, advice)
      assert.include(result.adoption.advice, '@pantheon/kit/exception_handler')
      assert.deepEqual(
        { ...result.adoption, advice: undefined },
        {
          writeHandler: false,
          kernelEdited: false,
          handlerRebased: false,
          needsAlias: false,
          advice: undefined,
        }
      )
      assert.equal(result.kernel, kernel)
      assert.equal(result.handler, handler)
    })

  test('the handler file is where the imports map sends #exceptions/*', ({ assert }) => {
    assert.equal(handlerFileOf(undefined), 'app/exceptions/handler.ts')
    assert.equal(handlerFileOf({ '#config/*': './config/*.js' }), 'app/exceptions/handler.ts')
    assert.equal(handlerFileOf({ '#exceptions/*': './src/errors/*.js' }), 'src/errors/handler.ts')
    assert.isUndefined(handlerFileOf({ '#exceptions/*': { node: './app/exceptions/*.js' } }))
  })
})
