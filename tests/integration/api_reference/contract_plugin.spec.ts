import { test } from '@japa/runner'
import { contractCounts, outsideTheDocuments } from '#tests/common/contract/contract_plugin'

test.group('OpenAPI contract of the suite', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('each request to the suite server is held to the documents when it is documented', async ({
    client,
    assert,
  }) => {
    const before = { ...contractCounts }

    await client.get('/api/catalog/sample')
    await client.get('/api/v2/catalog/sample/')
    await client.get('/health/live')
    // A HEAD is held to the GET operation; OPTIONS and 405 have no operation in any document.
    await client.request('/api/catalog/sample', 'HEAD')
    await client.request('/api/catalog/sample', 'OPTIONS')
    await client.put('/api/catalog/sample')

    assert.deepEqual(contractCounts, {
      documented: before.documented + 3,
      undocumented: before.undocumented + 3,
      outside: before.outside,
    })
  })

  test('requests marked outside the documents are not held to them, until unmarked', async ({
    client,
    assert,
  }) => {
    const before = { ...contractCounts }

    const restore = outsideTheDocuments('a test of the escape hatch')
    try {
      await client.get('/api/catalog/sample')
    } finally {
      restore()
    }
    await client.get('/api/catalog/sample')

    assert.deepEqual(contractCounts, {
      documented: before.documented + 1,
      undocumented: before.undocumented,
      outside: before.outside + 1,
    })
  })

  test('the escape hatch wants a reason, and is not opened twice', ({ assert }) => {
    assert.throws(
      () => outsideTheDocuments(' '),
      'Say why these requests are outside the documents'
    )
    const restore = outsideTheDocuments('the first reason')
    try {
      assert.throws(
        () => outsideTheDocuments('another reason'),
        'Requests are already outside the documents: the first reason'
      )
    } finally {
      restore()
    }
  })
})
