import { test } from '@japa/runner'
import GetVersionProbeSampleHandler from '../../application/queries/get_version_probe_sample/get_version_probe_sample_handler.js'

test.group('Version probe sample handler', () => {
  test('says the module is running', async ({ assert }) => {
    const result = await new GetVersionProbeSampleHandler().handle()
    assert.deepEqual(result, { ok: true, value: 'Version probe module is running' })
  })
})
