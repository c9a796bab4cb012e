import { test } from '@japa/runner'
import { entityRecipes, recipeFiles } from '#commands/_entity_sync'

const lamp = {
  name: 'Lamp',
  aggregate: false,
  properties: { name: { type: 'string', optional: false } },
} as const

const endpoint = (name: string, kind: '--command' | '--query', message: string) => [
  'add-endpoint',
  name,
  '--module',
  'Lighting',
  '--method',
  'GET',
  '--route',
  '/',
  kind,
  message,
]

test.group('The recorded generators an entity change runs again', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test("the entity's CRUD use cases, then the endpoints that expose them", ({ assert }) => {
    const recipes = {
      'add-endpoint GetLamp': endpoint('GetLamp', '--query', 'GetLampById'),
      'add-command CreateLamp': ['add-command', 'CreateLamp', '--module', 'Lighting'],
      'add-query ListLamps': ['add-query', 'ListLamps', '--module', 'Lighting'],
      'add-query GetLampById': ['add-query', 'GetLampById', '--module', 'Lighting'],
      'add-command DeleteLampCommand': ['add-command', 'DeleteLampCommand', '--module', 'Lighting'],
      // Not the entity's CRUD: a command with fields of its own, another entity, their endpoint.
      'add-command SwitchLamp': ['add-command', 'SwitchLamp', '--module', 'Lighting'],
      'add-command CreateBulb': ['add-command', 'CreateBulb', '--module', 'Lighting'],
      'add-endpoint SwitchLamp': endpoint('SwitchLamp', '--command', 'SwitchLamp'),
    }
    assert.deepEqual(
      entityRecipes(recipes, lamp).map(([command, name]) => `${command} ${name}`),
      [
        'add-command CreateLamp',
        'add-query ListLamps',
        'add-query GetLampById',
        'add-command DeleteLampCommand',
        'add-endpoint GetLamp',
      ]
    )
  })

  test('a recorded run needs its use case and, for an endpoint, what it exposes', ({ assert }) => {
    assert.deepEqual(recipeFiles('/m', ['add-command', 'CreateLamp', '--module', 'Lighting']), [
      '/m/application/commands/create_lamp/create_lamp_command.ts',
    ])
    assert.deepEqual(
      recipeFiles('/m', [...endpoint('GetLamp', '--query', 'GetLampById'), '--api-version', '2.0']),
      [
        '/m/api/v2/get_lamp_endpoint.ts',
        '/m/application/queries/get_lamp_by_id/get_lamp_by_id_query.ts',
      ]
    )
  })
})
