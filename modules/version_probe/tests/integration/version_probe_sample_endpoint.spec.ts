import { test } from '@japa/runner'
import { versionProbeApiVersions } from '../../infrastructure/version_probe_api_versions.js'

test.group('Version probe API: sample', () => {
  test('GET /api/version-probe/sample answers 200 and names the module\'s versions', async ({ client }) => {
    const response = await client.get('/api/version-probe/sample')
    response.assertStatus(200)
    response.assertBody('Version probe module is running' as never)
    response.assertHeader('api-supported-versions', versionProbeApiVersions.supportedHeader)
  })

  test('GET /api/v1/version-probe/sample answers the same', async ({ client }) => {
    const response = await client.get('/api/v1/version-probe/sample')
    response.assertStatus(200)
  })

  test('a version the module does not declare answers 400 UnsupportedApiVersion', async ({
    client,
  }) => {
    const response = await client.get('/api/version-probe/sample').header('x-api-version', '9.0')
    response.assertStatus(400)
    response.assertBodyContains({
      code: 'UnsupportedApiVersion',
      supportedVersions: [...versionProbeApiVersions.versions],
    })
  })
})
