import { test } from '@japa/runner'
import { BaseModel, SnakeCaseNamingStrategy } from '@adonisjs/lucid/orm'
import { propertySpec } from '#kit/scaffolding/entity_properties'

/** The column Lucid reads a generated model field from: the decorator's columnName, else its naming strategy's. */
function columnLucidReads(field: string, decorator: string): string {
  const named = /columnName: '([^']+)'/.exec(decorator)
  return named ? named[1] : new SnakeCaseNamingStrategy().columnName(BaseModel, field)
}

test.group('Generated model columns', () => {
  test('the model reads property {pascal} from the column the migration creates')
    .with(['Price', 'OrderFrom3', 'Item2Count', 'Level9', 'Group'].map((pascal) => ({ pascal })))
    .run(({ assert }, { pascal }) => {
      const spec = propertySpec(pascal, { type: 'int', optional: false })
      assert.include(spec.columnBuilder, `'${spec.column}'`)
      assert.equal(columnLucidReads(spec.field, spec.decorator), spec.column)
    })

  test('a column Lucid finds by itself is not named', ({ assert }) => {
    assert.equal(propertySpec('OrderFrom', { type: 'int', optional: false }).decorator, '@column()')
  })
})
