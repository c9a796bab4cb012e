import { join } from 'node:path'
import { test } from '@japa/runner'
import {
  architectureRules,
  cruiseArchitecture,
  cruiseWithArchitectureRules,
} from '@pantheon/kit/testing'
import { FIXTURES, violationCases } from './violation_cases.js'

/*
 * Proves each architecture rule catches the violation it is written for: each fixture of
 * violation_cases.ts cruised with the fixture as base directory.
 */

test.group('Architecture rules', () => {
  for (const violationCase of violationCases) {
    test(violationCase.title, async ({ assert }) => {
      const violations = await cruiseArchitecture(['.'], {
        baseDir: join(FIXTURES, violationCase.fixture),
      })

      assert.lengthOf(violations, 1, `expected one violation, got ${JSON.stringify(violations)}`)
      const [violation] = violations
      assert.equal(violation.rule, violationCase.rule)
      assert.equal(violation.from, violationCase.from)
      if (typeof violationCase.to === 'string') {
        assert.equal(violation.to, violationCase.to)
      } else {
        assert.match(violation.to, violationCase.to)
      }
    })
  }

  test('reports nothing for a tree that uses every allowed kind of import', async ({ assert }) => {
    const baseDir = join(FIXTURES, 'clean')
    const result = await cruiseWithArchitectureRules(['.'], { baseDir })

    assert.deepEqual(await cruiseArchitecture(['.'], { baseDir }), [])
    assert.deepEqual(result.summary.violations, [])
    // Not vacuous: the clean tree really was read, aliases and type-only imports included.
    assert.isAtLeast(result.summary.totalDependenciesCruised ?? 0, 20)
    const order = result.modules.find((module) => module.source === 'modules/shop/domain/order.ts')
    assert.deepInclude(
      order?.dependencies.map(({ module, resolved }) => ({ module, resolved })),
      { module: '#building_blocks/domain/entity', resolved: 'app/building_blocks/domain/entity.ts' }
    )
  })

  test('has a fixture proving every rule fires', ({ assert }) => {
    const provenRules = new Set(violationCases.map(({ rule }) => rule))
    const unproven = architectureRules
      .map(({ name }) => name)
      .filter((name) => !provenRules.has(name!))

    assert.deepEqual(unproven, [], `rules without a violation fixture: ${unproven.join(', ')}`)
  })
})
