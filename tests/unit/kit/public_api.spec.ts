import type { Assert } from '@japa/assert'
import { test } from '@japa/runner'
import { readFile, writeFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import ts from 'typescript'

/**
 * The names each subpath of @pantheon/kit exports: its public API (docs/architecture.md). A
 * name added, renamed or removed fails here until tests/fixtures/public_api.json (run-time
 * names) or tests/fixtures/public_api_types.json (types) says so, so a change of the API is
 * always a reviewed change of those files (and a CHANGELOG entry). Accept a meant change with
 * UPDATE_PUBLIC_API=1 node ace test unit --files=public_api.
 */
const PINNED = app.makePath('tests', 'fixtures', 'public_api.json')
const PINNED_TYPES = app.makePath('tests', 'fixtures', 'public_api_types.json')

interface Manifest {
  name: string
  exports: Record<string, unknown>
}

/** Every subpath of the manifest, as an app imports it, and the source file it names. */
async function subpaths(): Promise<{ specifier: string; source: string }[]> {
  const manifest = JSON.parse(await readFile(app.makePath('package.json'), 'utf8')) as Manifest
  return Object.entries(manifest.exports)
    .filter(([subpath]) => subpath !== './package.json')
    .map(([subpath, target]) => ({
      specifier: `${manifest.name}${subpath.slice(1)}`,
      source: app.makePath(String(target).replace(/\.js$/, '.ts')),
    }))
}

/**
 * A subpath whose file exports nothing is there for what importing it does
 * (`@pantheon/kit/typescript` registers the TypeScript loader): it is pinned with no names and
 * not imported here, where it would change how this process loads the rest.
 */
const exportsNothing = async (source: string) => !/^export /m.test(await readFile(source, 'utf8'))

async function exportedNames(): Promise<Record<string, string[]>> {
  const names: Record<string, string[]> = {}
  for (const { specifier, source } of await subpaths()) {
    if (await exportsNothing(source)) {
      names[specifier] = []
      continue
    }
    const module = (await import(specifier)) as Record<string, unknown>
    names[specifier] = Object.keys(module).sort()
  }
  return names
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)

/**
 * The types a subpath's file exports, read from its syntax alone (no type checker): its own
 * exported interfaces and type aliases, and the names it re-exports as types (isolatedModules
 * makes every re-exported type say `type`). An `export *` would hide its names from this list
 * and from review, so it is reported as such.
 */
async function exportedTypes(source: string): Promise<string[]> {
  const file = ts.createSourceFile(source, await readFile(source, 'utf8'), ts.ScriptTarget.Latest)
  const names: string[] = []
  for (const statement of file.statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause
      if (!clause || !ts.isNamedExports(clause)) {
        names.push(`export * from ${statement.moduleSpecifier?.getText(file)}`)
        continue
      }
      for (const element of clause.elements) {
        if (statement.isTypeOnly || element.isTypeOnly) names.push(element.name.text)
      }
    } else if (
      (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
      isExported(statement)
    ) {
      names.push(statement.name.text)
    }
  }
  return [...new Set(names)].sort()
}

async function comparePinned<T>(path: string, actual: T, assert: Assert) {
  if (process.env.UPDATE_PUBLIC_API === '1') {
    await writeFile(path, `${JSON.stringify(actual, null, 2)}\n`)
  }
  const pinned = JSON.parse(await readFile(path, 'utf8')) as T
  assert.deepEqual(
    actual,
    pinned,
    'The public API changed. If it is meant, run UPDATE_PUBLIC_API=1 node ace test unit ' +
      '--files=public_api, review tests/fixtures/public_api*.json and say it in CHANGELOG.md.'
  )
}

test.group('Public API of @pantheon/kit', () => {
  test('every subpath exports exactly the names pinned in tests/fixtures/public_api.json', async ({
    assert,
  }) => {
    await comparePinned(PINNED, await exportedNames(), assert)
  }).timeout(60_000)

  test('every subpath exports exactly the types pinned in tests/fixtures/public_api_types.json', async ({
    assert,
  }) => {
    const types: Record<string, string[]> = {}
    for (const { specifier, source } of await subpaths()) {
      types[specifier] = await exportedTypes(source)
    }
    await comparePinned(PINNED_TYPES, types, assert)
  })
})
