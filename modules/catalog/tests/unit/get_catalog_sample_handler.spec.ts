import { test } from '@japa/runner'
import GetCatalogSampleHandler from '../../application/queries/get_catalog_sample/get_catalog_sample_handler.js'

test.group('Catalog sample handler', () => {
  test('says the module is running', async ({ assert }) => {
    const result = await new GetCatalogSampleHandler().handle()
    assert.deepEqual(result, { ok: true, value: 'Catalog module is running' })
  })
})
