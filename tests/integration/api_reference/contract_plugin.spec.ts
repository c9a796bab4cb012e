import { test } from '@japa/runner'
import { contractCounts } from '#tests/common/contract/contract_plugin'

test.group('OpenAPI contract of the suite', () => {
  test('each request to the suite server is held to the documents when it is documented', async ({
    client,
    assert,
  }) => {
    const before = { ...contractCounts }

    await client.get('/api/catalog/sample')
    await client.get('/api/v2/catalog/sample/')
    await client.get('/health/live')

    assert.deepEqual(contractCounts, {
      documented: before.documented + 2,
      undocumented: before.undocumented + 1,
    })
  })
})
