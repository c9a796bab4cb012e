import { test } from '@japa/runner'
import { verifyModules } from '@pantheon/kit/testing'

test.group('Architecture of the modules', () => {
  test('every module respects its layer rules and the module boundaries', async ({ assert }) => {
    const { modules } = await verifyModules()
    assert.includeMembers(modules, ['modules/catalog', 'modules/orders'])
  })
})
