import { test } from '@japa/runner'
import { fileURLToPath } from 'node:url'
import { moduleTestRun } from '@pantheon/kit/modules'

/** This repository's app, whose modules are catalog and orders. */
const APP = fileURLToPath(new URL('../../../', import.meta.url))

const SUITES = [
  {
    name: 'unit',
    files: ['tests/unit/**/*.spec.{ts,js}', 'modules/*/tests/unit/**/*.spec.{ts,js}'],
  },
  { name: 'e2e', files: ['tests/end_to_end/**/*.spec.{ts,js}'] },
]

test.group('node ace test --module', (group) => {
  const saved = process.env.PANTHEON_MODULES
  group.each.teardown(() => {
    if (saved === undefined) delete process.env.PANTHEON_MODULES
    else process.env.PANTHEON_MODULES = saved
  })

  test('serves only the named modules and runs only their tests', ({ assert }) => {
    const run = moduleTestRun(APP, ['unit', '--module', 'Orders', '--files=x', '--module=catalog'])
    assert.deepEqual(run.argv, ['unit', '--files=x'])
    assert.deepEqual(run.modules, ['catalog', 'orders'])
    assert.equal(process.env.PANTHEON_MODULES, 'catalog,orders')
    assert.deepEqual(run.suites(SUITES), [
      {
        name: 'unit',
        files: [
          'modules/catalog/tests/unit/**/*.spec.{ts,js}',
          'modules/orders/tests/unit/**/*.spec.{ts,js}',
        ],
      },
    ])
  })

  test('without --module, the run is the whole app', ({ assert }) => {
    const run = moduleTestRun(APP, ['integration', '--reporters=dot'])
    assert.deepEqual(run.argv, ['integration', '--reporters=dot'])
    assert.isUndefined(run.modules)
    assert.deepEqual(run.suites(SUITES), SUITES)
  })

  test('refuses {argv}: {message}')
    .with([
      {
        argv: ['--module', 'billing'],
        message:
          /--module billing names a module this app does not have: "billing". The modules are catalog, orders/,
      },
      {
        argv: ['--module'],
        message: /--module names no module: name one or more of catalog, orders/,
      },
      { argv: ['--module=,'], message: /--module names no module/ },
    ])
    .run(({ assert }, { argv, message }) => {
      assert.throws(() => moduleTestRun(APP, argv), message)
    })
})
