import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { escapeStubText, renderStub } from '#kit/scaffolding/render_stub'
import { moduleNames } from '#kit/scaffolding/names'

test.group('Stub rendering', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('escapes backticks, ${ and backslashes outside template tags only', ({ assert }) => {
    const source = 'const a = `${x}\\n` + {{ name }} + {{{ `raw ${y}` }}}'
    assert.equal(
      escapeStubText(source),
      'const a = \\`\\${x}\\\\n\\` + {{ name }} + {{{ `raw ${y}` }}}'
    )
  })

  test('renders the module registration class exactly', async ({ assert }) => {
    const module = moduleNames('OrderItems')
    const rendered = await renderStub(app, 'module/registration.stub', {
      module,
      moduleRoot: '/app/modules/order_items',
      apiVersionsConst: 'orderItemsApiVersions',
      indexConst: 'orderItemsIndex',
    })

    assert.equal(
      rendered.destination,
      '/app/modules/order_items/infrastructure/order_items_module.ts'
    )
    assert.equal(
      rendered.contents,
      [
        "import { PantheonModule } from '@pantheon/kit/modules'",
        "import { orderItemsApiVersions } from './order_items_api_versions.js'",
        "import orderItemsIndex from './order_items_index.js'",
        '',
        '/**',
        " * The Order items module's registration class: an AdonisJS service provider found by the",
        ' * glob in adonisrc.ts. Its handlers, validators and endpoints are listed in its index, which',
        " * the scaffolding commands keep up to date; bind the module's own services (repositories) in",
        ' * registerServices.',
        ' */',
        'export default class OrderItemsModule extends PantheonModule {',
        "  readonly name = 'order_items'",
        '  readonly apiVersions = orderItemsApiVersions',
        '  readonly index = orderItemsIndex',
        '',
        '  protected registerServices(): void {}',
        '}',
        '',
      ].join('\n')
    )
  })

  test('keeps template literals of the generated code intact', async ({ assert }) => {
    const rendered = await renderStub(app, 'app/config/redis.ts.stub', { target: '/app' })
    assert.equal(rendered.destination, '/app/config/redis.ts')
    assert.include(
      rendered.contents,
      'throw new Error(`REDIS_URL must start with redis:// (got ${parsed.protocol})`)'
    )
  })

  test('says so when a stub has no destination', async ({ assert }) => {
    await assert.rejects(
      () => renderStub(app, 'module/registration.stub', {}),
      /moduleRoot is not defined|does not say where it goes/
    )
  })
})
