import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import AddApiVersion from '#commands/add_api_version'
import AddEndpoint from '#commands/add_endpoint'
import AddEntity from '#commands/add_entity'
import AddModule from '#commands/add_module'
import AddQuery from '#commands/add_query'
import DeprecateApiVersion from '#commands/deprecate_api_version'
import type { ApiVersionPolicy } from '@pantheon/kit/http'
import { declaredVersions } from '#kit/scaffolding/api_versions_codemod'
import { failingWriter, scaffoldingApp, type ScaffoldingApp } from '#tests/common/scaffolding'

/** The app made by `init` in a temp folder that the running test scaffolds in. */
let shop: ScaffoldingApp

const MODULE = 'VersionProbe'
const FOLDER = 'version_probe'
const versionsFile = () =>
  shop.path('modules', FOLDER, 'infrastructure', `${FOLDER}_api_versions.ts`)

/** The policy as the module declares it now (a fresh import of the edited file). */
async function policy(): Promise<ApiVersionPolicy> {
  const url = `${pathToFileURL(versionsFile()).href}?at=${Date.now()}`
  const { versionProbeApiVersions } = await import(url)
  return versionProbeApiVersions
}

test.group('add-api-version and deprecate-api-version', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    await shop.run(AddModule, [MODULE])
    return () => shop.remove()
  })

  test('declares a new version, once', async ({ assert }) => {
    const { exitCode } = await shop.run(AddApiVersion, [MODULE, '2'])
    assert.equal(exitCode, 0)
    const { versions } = await policy()
    assert.deepEqual(versions, ['1.0', '2.0'])

    const again = await shop.run(AddApiVersion, [MODULE, '2.0'])
    assert.equal(again.exitCode, 1)
    assert.include(again.output, 'already declares API version 2.0')
  })

  test('keeps the versions in order, whatever order they are added in', async ({ assert }) => {
    for (const version of ['2.0', '1.5', '0.9', '3', '1.10', '1.2']) {
      const { exitCode, output } = await shop.run(AddApiVersion, [MODULE, version])
      assert.equal(exitCode, 0, output)
    }
    // The order the file lists them in, as a reader of the file sees it.
    const listed = await declaredVersions(await readFile(versionsFile(), 'utf8'), versionsFile())
    assert.deepEqual(listed, ['0.9', '1.0', '1.2', '1.5', '1.10', '2.0', '3.0'])
  })

  test('rejects {label}')
    .with([
      {
        label: 'a malformed version',
        command: AddApiVersion,
        argv: [MODULE, 'two'],
        message: 'is not an API version',
      },
      {
        label: 'a module that does not exist',
        command: AddApiVersion,
        argv: ['Nowhere', '2.0'],
        message: 'does not exist',
      },
      {
        label: 'deprecating an undeclared version',
        command: DeprecateApiVersion,
        argv: [MODULE, '3.0'],
        message: 'has no API version 3.0',
      },
      {
        label: 'a sunset that is not a date',
        command: DeprecateApiVersion,
        argv: [MODULE, '1.0', '--sunset', 'soon'],
        message: 'is not a date',
      },
      {
        label: 'a sunset on a day the month does not have',
        command: DeprecateApiVersion,
        argv: [MODULE, '1.0', '--sunset', '2027-02-30'],
        message: '--sunset "2027-02-30" is not a date: write it as 2027-06-30',
      },
      {
        label: 'a sunset the Date parser would read as some year',
        command: DeprecateApiVersion,
        argv: [MODULE, '1.0', '--sunset', '1'],
        message: '--sunset "1" is not a date: write it as 2027-06-30',
      },
      {
        label: 'a link that is not a URL',
        command: DeprecateApiVersion,
        argv: [MODULE, '1.0', '--link', 'docs page'],
        message: 'is not an http(s) URL',
      },
    ])
    .run(async ({ assert }, { command, argv, message }) => {
      const before = await readFile(versionsFile(), 'utf8')
      const { exitCode, output } = await shop.run(command, argv)
      assert.equal(exitCode, 1)
      assert.include(output, message)
      assert.equal(await readFile(versionsFile(), 'utf8'), before)
    })

  test('deprecates a version with its sunset and link, and --force replaces them', async ({
    assert,
  }) => {
    await shop.run(AddApiVersion, [MODULE, '2.0'])
    const { exitCode } = await shop.run(DeprecateApiVersion, [
      MODULE,
      '1.0',
      '--sunset',
      '2099-01-01',
      '--link',
      'https://example.com/v1',
    ])
    assert.equal(exitCode, 0)
    let declared = await policy()
    assert.equal(declared.supportedHeader, '2.0')
    assert.equal(declared.deprecatedHeader, '1.0')
    assert.deepEqual(declared.find('1.0')!.deprecationHeaders.slice(1), [
      ['Sunset', 'Thu, 01 Jan 2099 00:00:00 GMT'],
      ['Link', '<https://example.com/v1>; rel="deprecation"'],
    ])

    const again = await shop.run(DeprecateApiVersion, [MODULE, '1.0'])
    assert.equal(again.exitCode, 1)
    assert.include(again.output, 'already deprecated')

    await shop.run(DeprecateApiVersion, [MODULE, '1.0', '--sunset', '2098-01-01', '--force'])
    declared = await policy()
    assert.equal(declared.find('1.0')!.sunset?.toISOString(), '2098-01-01T00:00:00.000Z')
  })

  test('a sunset in the past retires the version: it is declared so, and says so', async ({
    assert,
  }) => {
    await shop.run(AddApiVersion, [MODULE, '2.0'])
    const { exitCode, output } = await shop.run(DeprecateApiVersion, [
      MODULE,
      '1.0',
      '--sunset',
      '2001-01-01',
    ])
    assert.equal(exitCode, 0, output)
    assert.include(output, 'API version 1.0 is retired: its sunset, 2001-01-01, has passed')
    assert.include(output, '410 ApiVersionSunset')

    // What the service reads: past its sunset, a version answers 410 ApiVersionSunset
    // (api_version_negotiation.ts, catalog_versions.spec.ts) and is listed nowhere.
    const declared = await policy()
    const retired = declared.find('1.0')!
    assert.equal(retired.sunset?.toISOString(), '2001-01-01T00:00:00.000Z')
    assert.isTrue(declared.isSunset(retired))
    assert.deepEqual(declared.versions, ['2.0'])
    assert.equal(declared.supportedHeader, '2.0')
    assert.equal(declared.deprecatedHeader, '')
    // Deprecated no later than retired: a Deprecation date after the Sunset would mean nothing.
    assert.deepEqual(retired.deprecationHeaders[0], [
      'Deprecation',
      `@${Date.UTC(2001, 0, 1) / 1000}`,
    ])
  })

  test('a sunset may be a date-time with its offset', async ({ assert }) => {
    const { exitCode, output } = await shop.run(DeprecateApiVersion, [
      MODULE,
      '1.0',
      '--sunset',
      '2099-06-30T12:00:00+02:00',
    ])
    assert.equal(exitCode, 0, output)
    assert.notInclude(output, 'retired')
    const declared = await policy()
    assert.equal(declared.find('1.0')!.sunset?.toISOString(), '2099-06-30T10:00:00.000Z')
  })

  test('a failed write leaves the versions file as it was', async ({ assert }) => {
    const before = await readFile(versionsFile(), 'utf8')
    const { exitCode } = await shop.run(AddApiVersion, [MODULE, '2.0'], {
      writer: failingWriter(1),
    })
    assert.equal(exitCode, 1)
    assert.equal(await readFile(versionsFile(), 'utf8'), before)
  })

  test("add-endpoint --api-version puts the endpoint in that version's folder, once declared", async ({
    assert,
  }) => {
    await shop.run(AddEntity, ['Item', '--module', MODULE, '--properties', 'Label:string'])
    await shop.run(AddQuery, ['GetItemById', '--module', MODULE, '--result-type', 'ItemDto'])
    const argv = [
      'GetItem',
      '--module',
      MODULE,
      '--method',
      'GET',
      '--route',
      '/:id',
      '--query',
      'GetItemById',
      '--result-type',
      'ItemDto',
      '--api-version',
      '2.0',
    ]

    const undeclared = await shop.run(AddEndpoint, argv)
    assert.equal(undeclared.exitCode, 1)
    assert.include(undeclared.output, 'does not declare API version 2.0')

    await shop.run(AddApiVersion, [MODULE, '2.0'])
    const { exitCode } = await shop.run(AddEndpoint, argv)
    assert.equal(exitCode, 0)
    const endpoint = shop.path('modules', FOLDER, 'api', 'v2', 'get_item_endpoint.ts')
    assert.isTrue(existsSync(endpoint))
    assert.include(
      await readFile(endpoint, 'utf8'),
      "from '../../application/queries/get_item_by_id/get_item_by_id_query.js'"
    )
    assert.include(
      await readFile(
        shop.path('modules', FOLDER, 'tests', 'integration', 'get_item_v2_endpoint.spec.ts'),
        'utf8'
      ),
      "'/api/v2/version-probe/not-a-uuid'"
    )
  })
})
