import { test } from '@japa/runner'
import { rebuildSteps } from '#kit/scaffolding/column_rebuild'

test.group('Rebuilding a column', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test("the stand-in column's name fits the 63 characters PostgreSQL keeps, whatever the column's", ({
    assert,
  }) => {
    const column = `c${'o'.repeat(62)}`
    const steps = rebuildSteps(
      'shop_products',
      column,
      { type: 'text', optional: false },
      { type: 'enum', optional: false, values: ['draft', 'live'] },
      new Set([column])
    )
    const copy = steps.find((step) => step.call === 'copyColumn')
    assert.exists(copy)
    const standIn = copy!.call === 'copyColumn' ? copy!.to : ''
    // Cut at 63, a longer name would be the column's own, and adding it would fail.
    assert.isAtMost(standIn.length, 63)
    assert.notEqual(standIn, column)
    assert.match(standIn, /_retyped$/)
  })
})
