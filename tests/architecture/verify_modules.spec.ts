import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import { verifyModules } from '@pantheon/kit/testing'
import { FIXTURES, violationCases } from './violation_cases.js'

/** The violations planted in a module: the ones verifyModules is there to find. */
const inModules = violationCases.filter(({ from }) => from.startsWith('modules/'))

test.group('verifyModules', () => {
  for (const violationCase of inModules) {
    test(`fails on it and names the rule and the file: ${violationCase.fixture}`, async ({
      assert,
    }) => {
      const baseDir = join(FIXTURES, violationCase.fixture)
      const error = await verifyModules({ baseDir }).then(
        () => undefined,
        (reason: Error) => reason
      )

      assert.instanceOf(error, Error, 'verifyModules passed over the planted violation')
      const module = violationCase.from.split('/').slice(0, 2).join('/')
      assert.include(error!.message, '1 architecture rule violation(s)')
      assert.include(error!.message, `${module} (or something it imports) breaks 1`)
      assert.include(error!.message, `- ${violationCase.rule}: ${violationCase.from} -> `)
      if (typeof violationCase.to === 'string') assert.include(error!.message, violationCase.to)
      else assert.match(error!.message, violationCase.to)
    })
  }

  test('passes a tree that uses every allowed kind of import, and says what it checked', async ({
    assert,
  }) => {
    const verified = await verifyModules({ baseDir: join(FIXTURES, 'clean') })

    assert.deepEqual(verified.modules, ['modules/billing', 'modules/shop'])
    assert.isAtLeast(verified.dependencies, 10)
  })

  test('passes an app with no module yet', async ({ assert, cleanup }) => {
    const baseDir = await mkdtemp(join(tmpdir(), 'pantheon-no-modules-'))
    cleanup(() => rm(baseDir, { recursive: true, force: true }))

    assert.deepEqual(await verifyModules({ baseDir }), { modules: [], dependencies: 0 })
  })

  test('covers every rule a module can break', ({ assert }) => {
    const moduleRules = new Set(inModules.map(({ rule }) => rule))

    assert.includeMembers(
      [...moduleRules],
      [
        'domain-imports-only-domain',
        'domain-has-no-framework-dependencies',
        'application-imports-only-application-and-domain',
        'infrastructure-imports-only-inner-layers',
        'api-imports-only-application',
        'integration-imports-only-integration',
        'no-cross-module-internals',
        'no-unresolvable-imports',
      ]
    )
  })
})
