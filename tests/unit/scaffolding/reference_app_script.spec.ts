import { test } from '@japa/runner'
import {
  classifyModuleFile,
  commandLinesOf,
  sameAfterTimestamps,
} from '#tests/common/reference_app_script'

const GENERATED = 'export const a = 1\n'

test.group('Holding the reference app to its script', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('a file equal to what the script writes passes, an unmarked change does not', ({
    assert,
  }) => {
    assert.isUndefined(classifyModuleFile('modules/catalog/domain/a.ts', GENERATED, GENERATED))
    const problem = classifyModuleFile(
      'modules/catalog/domain/a.ts',
      'export const a = 2\n',
      GENERATED
    )
    assert.equal(problem?.kind, 'differs')
  })

  test('an edited file says why on its first line, and must differ from the generated one', ({
    assert,
  }) => {
    const edited = '// Edited after generation: a is 2 in this app.\nexport const a = 2\n'
    assert.isUndefined(classifyModuleFile('modules/catalog/domain/a.ts', edited, GENERATED))
    assert.equal(
      classifyModuleFile('modules/catalog/domain/b.ts', edited, undefined)?.kind,
      'mislabelled'
    )
    const unchanged = `// Edited after generation: nothing really.\n${GENERATED}`
    assert.equal(
      classifyModuleFile('modules/catalog/domain/a.ts', unchanged, GENERATED)?.kind,
      'mislabelled'
    )
    const noReason = '// Edited after generation:\nexport const a = 2\n'
    assert.equal(
      classifyModuleFile('modules/catalog/domain/a.ts', noReason, GENERATED)?.kind,
      'differs'
    )
  })

  test('a hand-written file is one the script does not write; anything else unmarked is refused', ({
    assert,
  }) => {
    const handWritten = '// Written by hand: a value object.\nexport class Price {}\n'
    assert.isUndefined(
      classifyModuleFile('modules/catalog/domain/price.ts', handWritten, undefined)
    )
    assert.equal(
      classifyModuleFile('modules/catalog/domain/a.ts', handWritten, GENERATED)?.kind,
      'mislabelled'
    )
    assert.equal(
      classifyModuleFile('modules/catalog/domain/c.ts', GENERATED, undefined)?.kind,
      'mislabelled'
    )
  })

  test("a module's index follows its files and is left to its own test", ({ assert }) => {
    assert.isUndefined(
      classifyModuleFile('modules/orders/infrastructure/orders_index.ts', 'anything', GENERATED)
    )
  })

  test('migrations match whatever time their names start with', ({ assert }) => {
    assert.isTrue(
      sameAfterTimestamps(
        'modules/orders/infrastructure/database/migrations/1763800000000_create_x.ts',
        'modules/orders/infrastructure/database/migrations/1795960858654_create_x.ts'
      )
    )
    assert.isFalse(
      sameAfterTimestamps(
        'migrations/1763800000000_create_x.ts',
        'migrations/1763800000000_create_y.ts'
      )
    )
    const record = '{"migrations/1795960858654_a.ts": "h"}'
    assert.isUndefined(
      classifyModuleFile(
        'modules/orders/generated_files.json',
        '{"migrations/1763800000000_a.ts": "h"}',
        record
      )
    )
  })

  test('a script line that is neither a command nor a comment is refused, not skipped', ({
    assert,
  }) => {
    const continued = ['node ace add-module Catalog', "  node ace add-module 'Orders'"].join('\n')
    assert.throws(() => commandLinesOf(continued), /neither "node ace" commands nor comments/)
    const settings = ['set -euo pipefail', 'cd "${1:?usage: x <folder>}"', '', '# a comment']
    assert.deepEqual(commandLinesOf(settings.join('\n')), [])
  })

  test('a mark without a real reason is no mark', ({ assert }) => {
    const bare = '// Written by hand: yes\nexport class Price {}\n'
    assert.equal(
      classifyModuleFile('modules/catalog/domain/price.ts', bare, undefined)?.kind,
      'mislabelled'
    )
  })

  test('the script lines are read as ace reads a shell command', ({ assert }) => {
    const script = [
      '#!/usr/bin/env bash',
      '# node ace not-this',
      'node ace add-entity Product --module Catalog --properties "Name:string(200),Price:decimal(14,2)"',
      'node ace add-module Orders',
    ].join('\n')
    assert.deepEqual(commandLinesOf(script), [
      [
        'add-entity',
        'Product',
        '--module',
        'Catalog',
        '--properties',
        'Name:string(200),Price:decimal(14,2)',
      ],
      ['add-module', 'Orders'],
    ])
  })
})
