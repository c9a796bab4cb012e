import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import type { ICruiseResult } from 'dependency-cruiser'
import {
  APP_ROOT,
  cruiseWithArchitectureRules,
  formatViolations,
  staleModuleIndexes,
  type ArchitectureViolation,
} from '@pantheon/kit/testing'

/** The host's code and every module (a new app has no modules/ folder yet). */
const SOLUTION = ['modules', 'app'].filter((folder) => existsSync(join(APP_ROOT, folder)))

/** One cruise of the whole solution, shared by the tests below. */
let cruised: Promise<ICruiseResult> | undefined
const cruiseSolution = () => (cruised ??= cruiseWithArchitectureRules(SOLUTION))

/** Every import written in the solution's own files, with what it resolved to. */
async function solutionImports() {
  const result = await cruiseSolution()
  return result.modules
    .filter(({ source }) => /^(modules|app)\//.test(source))
    .flatMap(({ source, dependencies }) =>
      dependencies.map((dependency) => ({ source, ...dependency }))
    )
}

test.group('Architecture of the solution', () => {
  test("every module's index lists exactly its files (node ace pantheon:index)", async ({
    assert,
  }) => {
    assert.deepEqual(await staleModuleIndexes(APP_ROOT), [])
  })

  test('modules and building blocks respect every architecture rule', async ({ assert }) => {
    const result = await cruiseSolution()
    const violations: ArchitectureViolation[] = result.summary.violations.map((violation) => ({
      rule: violation.rule.name,
      from: violation.from,
      to: violation.to,
    }))

    assert.deepEqual(
      violations,
      [],
      `the solution breaks ${violations.length} architecture rule(s):\n` +
        formatViolations(violations)
    )
  })

  test('modules use the kit by its package name, as an app made by init does', async ({
    assert,
  }) => {
    const imports = await solutionImports()
    const moduleImports = imports.filter(({ source }) => source.startsWith('modules/'))
    const kit = moduleImports.filter(({ module }) => module.startsWith('@pantheon/kit/'))

    // The package's exports name the kit's public files (sources here, as `.js` names).
    const manifest = JSON.parse(await readFile(app.makePath('package.json'), 'utf8')) as {
      exports: Record<string, unknown>
    }
    const publicFiles = Object.values(manifest.exports)
      .filter((target): target is string => typeof target === 'string')
      .map((target) => target.replace(/^\.\//, '').replace(/\.js$/, '.ts'))
    assert.isNotEmpty(kit, 'expected the modules to import @pantheon/kit')
    for (const { source, module, resolved } of kit) {
      assert.include(publicFiles, resolved, `${source} imports ${module}`)
    }
    const intoKitSources = moduleImports.filter(
      ({ module, resolved }) =>
        module.startsWith('#kit/') ||
        (!module.startsWith('@pantheon/kit/') && /^(app|commands)\//.test(resolved))
    )
    assert.deepEqual(
      intoKitSources.map(({ source, module }) => `${source} -> ${module}`),
      []
    )
  })

  test('resolves relative .js specifiers to the .ts files beside them', async ({ assert }) => {
    const imports = await solutionImports()
    const relative = imports.filter(
      ({ module }) => module.startsWith('.') && module.endsWith('.js')
    )

    assert.isNotEmpty(relative, 'expected the solution to use relative .js imports')
    for (const { source, module, resolved, couldNotResolve } of relative) {
      assert.isFalse(couldNotResolve, `${source} imports ${module}`)
      assert.match(resolved, /\.ts$/, `${source} imports ${module}`)
    }
  })

  test('counts type-only imports as dependencies', async ({ assert }) => {
    const imports = await solutionImports()
    const typeOnly = imports.filter(({ dependencyTypes }) => dependencyTypes.includes('type-only'))

    assert.isNotEmpty(typeOnly, 'type-only imports were dropped: is tsPreCompilationDeps on?')
  })
})
