import { test } from '@japa/runner'
import { readFile, writeFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'

/**
 * The names each subpath of @pantheon/kit exports: its public API (docs/architecture.md). A
 * name added, renamed or removed fails here until tests/fixtures/public_api.json says so, so a
 * change of the API is always a reviewed change of that file (and a CHANGELOG entry). Accept a
 * meant change with UPDATE_PUBLIC_API=1 node ace test unit --files=public_api.
 */
const PINNED = app.makePath('tests', 'fixtures', 'public_api.json')

async function exportedNames(): Promise<Record<string, string[]>> {
  const manifest = JSON.parse(await readFile(app.makePath('package.json'), 'utf8')) as {
    name: string
    exports: Record<string, unknown>
  }
  const names: Record<string, string[]> = {}
  for (const subpath of Object.keys(manifest.exports)) {
    if (subpath === './package.json') continue
    const specifier = `${manifest.name}${subpath.slice(1)}`
    const module = (await import(specifier)) as Record<string, unknown>
    names[specifier] = Object.keys(module).sort()
  }
  return names
}

test.group('Public API of @pantheon/kit', () => {
  test('every subpath exports exactly the names pinned in tests/fixtures/public_api.json', async ({
    assert,
  }) => {
    const actual = await exportedNames()
    if (process.env.UPDATE_PUBLIC_API === '1') {
      await writeFile(PINNED, `${JSON.stringify(actual, null, 2)}\n`)
    }
    const pinned = JSON.parse(await readFile(PINNED, 'utf8')) as Record<string, string[]>
    assert.deepEqual(
      actual,
      pinned,
      'The public API changed. If it is meant, run UPDATE_PUBLIC_API=1 node ace test unit ' +
        '--files=public_api, review tests/fixtures/public_api.json and say it in CHANGELOG.md.'
    )
  }).timeout(60_000)
})
