import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'

/**
 * The reference app's Orders module was made by `add-module Orders`: the files no later command
 * changes are still exactly what add-module writes (their golden copies, which
 * golden_files.spec.ts holds to the generators). So Orders' own tests, the version-neutral
 * sample's among them, test what add-module writes for every module.
 */
const ADD_MODULE_FILES = [
  'api/get_orders_sample_endpoint.ts',
  'application/queries/get_orders_sample/get_orders_sample_query.ts',
  'application/queries/get_orders_sample/get_orders_sample_handler.ts',
  'infrastructure/orders_api_versions.ts',
  'integration/README.md',
  'tests/unit/get_orders_sample_handler.spec.ts',
  'tests/integration/orders_sample_endpoint.spec.ts',
]

test.group('The reference Orders module', () => {
  test('modules/orders/{$self} is what add-module writes')
    .with(ADD_MODULE_FILES)
    .run(async ({ assert }, file) => {
      const golden = app.makePath('tests', 'fixtures', 'golden', 'modules', 'orders', file)
      assert.equal(
        await readFile(app.makePath('modules', 'orders', file), 'utf8'),
        await readFile(`${golden}.golden`, 'utf8')
      )
    })
})
