import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import AddModule from '#commands/add_module'
import { failingWriter, scaffoldingApp, type ScaffoldingApp } from '#tests/common/scaffolding'

const MODULE = 'ScaffoldProbe'
const FOLDER = 'scaffold_probe'
const EXPECTED_FILES = [
  'modules/scaffold_probe/infrastructure/scaffold_probe_module.ts',
  'modules/scaffold_probe/infrastructure/scaffold_probe_api_versions.ts',
  'modules/scaffold_probe/application/queries/get_scaffold_probe_sample/get_scaffold_probe_sample_query.ts',
  'modules/scaffold_probe/application/queries/get_scaffold_probe_sample/get_scaffold_probe_sample_handler.ts',
  'modules/scaffold_probe/api/get_scaffold_probe_sample_endpoint.ts',
  'modules/scaffold_probe/integration/README.md',
  'modules/scaffold_probe/tests/unit/get_scaffold_probe_sample_handler.spec.ts',
  'modules/scaffold_probe/tests/integration/scaffold_probe_sample_endpoint.spec.ts',
  'modules/scaffold_probe/domain/.gitkeep',
  'modules/scaffold_probe/infrastructure/database/migrations/.gitkeep',
  'modules/scaffold_probe/infrastructure/scaffold_probe_index.ts',
  // What the generators wrote, to tell their files from files edited by hand.
  'modules/scaffold_probe/generated_files.json',
]

test.group('add-module', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let shop: ScaffoldingApp
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    return () => shop.remove()
  })

  test('creates the five layers, the registration class, the sample and its tests', async ({
    assert,
  }) => {
    const { exitCode, output } = await shop.run(AddModule, [MODULE])

    assert.equal(exitCode, 0)
    for (const file of EXPECTED_FILES) {
      assert.isTrue(existsSync(shop.path(file)), `${file} was not created`)
      assert.include(output, file)
    }
    const registration = await readFile(shop.path(EXPECTED_FILES[0]), 'utf8')
    assert.include(registration, 'export default class ScaffoldProbeModule extends PantheonModule')
    assert.include(registration, "readonly name = 'scaffold_probe'")
    const endpoint = await readFile(shop.path(EXPECTED_FILES[4]), 'utf8')
    assert.include(endpoint, 'GET /api/scaffold-probe/sample')
  })

  test('rejects {label} and writes nothing')
    .with([
      { label: 'a lowercase name', name: 'billing', message: 'must be PascalCase' },
      {
        label: 'a name with a path',
        name: '../Evil',
        message: 'must not contain "/", "\\" or ".."',
      },
      {
        label: "the kit's own table prefix",
        name: 'Pantheon',
        message: "the kit's own tables",
      },
      { label: 'a name with accents', name: 'Ördersé', message: 'For example: Orderse' },
      { label: 'a name starting with a digit', name: '1Billing', message: 'must be PascalCase' },
    ])
    .run(async ({ assert }, { name, message }) => {
      const { exitCode, output } = await shop.run(AddModule, [name])
      assert.equal(exitCode, 1)
      assert.include(output, message)
      assert.notInclude(output, '    at ')
    })

  test('refuses an existing module, and overwrites it with --force', async ({ assert }) => {
    await shop.run(AddModule, [MODULE])

    const again = await shop.run(AddModule, [MODULE])
    assert.equal(again.exitCode, 1)
    assert.include(again.output, 'The module modules/scaffold_probe already exists')

    const forced = await shop.run(AddModule, [MODULE, '--force'])
    assert.equal(forced.exitCode, 0)
  })

  test('--dry-run lists the files and writes nothing', async ({ assert }) => {
    const { exitCode, output } = await shop.run(AddModule, [MODULE, '--dry-run'])
    assert.equal(exitCode, 0)
    assert.include(output, `would create ${EXPECTED_FILES[0]}`)
    assert.include(output, 'Dry run: nothing was written')
    assert.isFalse(existsSync(shop.path('modules', FOLDER)))
  })

  test('--json prints the created files and next steps', async ({ assert }) => {
    const { exitCode, output } = await shop.run(AddModule, [MODULE, '--json'])
    assert.equal(exitCode, 0)
    const result = JSON.parse(output)
    assert.isTrue(result.ok)
    assert.deepEqual(result.created, EXPECTED_FILES)
    assert.deepEqual(result.edited, [])
    assert.lengthOf(result.nextSteps, 2)
    assert.deepEqual(result.errors, [])
  })

  test('--json reports a refused name as an error', async ({ assert }) => {
    const { exitCode, output } = await shop.run(AddModule, ['billing', '--json'])
    assert.equal(exitCode, 1)
    const result = JSON.parse(output)
    assert.isFalse(result.ok)
    assert.match(result.errors[0], /must be PascalCase/)
  })

  test('a write failing half-way leaves the tree as it was', async ({ assert }) => {
    const { exitCode, output } = await shop.run(AddModule, [MODULE], {
      writer: failingWriter(5),
    })

    assert.equal(exitCode, 1)
    assert.include(output, 'disk full (injected) (nothing was changed)')
    assert.isFalse(existsSync(shop.path('modules', FOLDER)))
  })
})
