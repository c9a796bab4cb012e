import { test } from '@japa/runner'
import { typedIdFactory, type TypedId } from '@pantheon/kit/domain'

const WidgetId = typedIdFactory('WidgetId')
const GadgetId = typedIdFactory('GadgetId')

test.group('Typed ids', () => {
  test('creates time-ordered UUID v7 ids', ({ assert }) => {
    const first = WidgetId.create()
    const second = WidgetId.create()
    assert.match(first, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    assert.isTrue(first < second)
  })

  test('parses only UUIDs, naming the id in the error', ({ assert }) => {
    const id = WidgetId.create()
    assert.equal(WidgetId.parse(id.toUpperCase()), id)
    assert.throws(() => WidgetId.parse('42'), 'WidgetId must be a UUID, received "42"')
    assert.isFalse(WidgetId.isValid(42))
  })

  test('keeps one kind of id from standing in for another', ({ expectTypeOf }) => {
    expectTypeOf(WidgetId.create()).toEqualTypeOf<TypedId<'WidgetId'>>()
    expectTypeOf(GadgetId.create()).not.toEqualTypeOf<TypedId<'WidgetId'>>()
    expectTypeOf<string>().not.toMatchTypeOf<TypedId<'WidgetId'>>()
  })
})
