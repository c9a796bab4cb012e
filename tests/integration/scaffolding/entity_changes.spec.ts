import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { crudCommandLines, scaffoldJson } from '#tests/common/crud_scaffolding'
import { generatedAppCommands } from '#tests/common/generated_app_commands'
import { installOffline } from '#tests/common/kit_app'
import { typeChecker } from '#tests/common/type_checker'

const inApp = generatedAppCommands(30, { scaffoldInProcess: true })
const node = process.execPath

/**
 * The generators run as a user runs them, in a new app in a temp folder: each test gives its
 * own entity, in a module of its own, its CRUD, then changes the entity.
 */
test.group('Changing an entity: generated files follow its definition', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let workspace: string
  let shop: string
  const ace = async (...args: string[]) => {
    const { stdout } = await inApp(shop, node, ['ace', ...args])
    return stdout
  }
  /** A file of the module of the entity (each test has one: their routes would meet). */
  const file = (folder: string, path: string) =>
    readFile(join(shop, 'modules', folder, path), 'utf8')
  const crud = async (module: string, entity: string, plural: string, properties: string) => {
    await ace('add-module', module)
    await ace('add-entity', entity, '--module', module, '--properties', properties)
    for (const line of crudCommandLines(module, entity, plural)) await ace(...line)
  }

  group.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-entity-changes-'))
    await inApp(app.makePath(), node, ['ace', 'init', 'Shop', '--out', workspace])
    shop = join(workspace, 'Shop')
    await installOffline(shop)
    return () => rm(workspace, { recursive: true, force: true })
  })

  test('add-entity --force with a new property brings its command, validator and DTO up to date', async ({
    assert,
  }) => {
    await crud('Catalog', 'Product', 'Products', 'Name:string,Price:decimal')
    const result = scaffoldJson(
      await ace(
        'add-entity',
        'Product',
        '--module',
        'Catalog',
        '--force',
        '--json',
        '--properties',
        'Name:string,Price:decimal,Stock:int'
      )
    )
    assert.isTrue(result.ok, result.errors.join('\n'))
    const command = await file(
      'catalog',
      'application/commands/create_product/create_product_command.ts'
    )
    assert.include(command, 'stock: number')
    const validator = await file(
      'catalog',
      'application/commands/create_product/create_product_validator.ts'
    )
    assert.include(validator, 'stock: vine.number')
    assert.include(
      await file('catalog', 'application/commands/update_product/update_product_command.ts'),
      'stock'
    )
    const dto = await file('catalog', 'application/dtos/product_dto.ts')
    assert.include(dto, 'stock: number')
    assert.include(dto, 'stock: entity.stock')
    assert.include(await file('catalog', 'api/get_product_endpoint.ts'), 'stock')
  }).timeout(180_000)

  test('add-query --force writes the DTO again from the entity definition', async ({ assert }) => {
    await crud('Tearoom', 'Tea', 'Teas', 'Name:string')
    const definition = join(shop, 'modules/tearoom/domain/tea_definition.ts')
    const source = await readFile(definition, 'utf8')
    await writeFile(
      definition,
      source.replace(
        "name: { type: 'string', optional: false },",
        "name: { type: 'string', optional: false },\n    origin: { type: 'text', optional: true },"
      )
    )
    await ace(
      'add-query',
      'GetTeaById',
      '--module',
      'Tearoom',
      '--result-type',
      'TeaDto',
      '--force'
    )
    const dto = await file('tearoom', 'application/dtos/tea_dto.ts')
    assert.include(dto, 'origin: string | null')
    assert.include(dto, 'origin: entity.origin')
    // The rest of the entity follows too, so that the app typechecks again (see the last test).
    await ace('sync-entity', 'Tea', '--module', 'Tearoom')
  }).timeout(180_000)

  test('--force reports the files it overwrites as updated and the same ones as unchanged, never created', async ({
    assert,
  }) => {
    await crud('Kitchen', 'Cup', 'Cups', 'Name:string')
    const again = scaffoldJson(
      await ace(
        'add-command',
        'CreateCup',
        '--module',
        'Kitchen',
        '--result-type',
        'CupId',
        '--force',
        '--json'
      )
    )
    assert.deepEqual(again.created, [])
    assert.includeMembers(again.unchanged, [
      'modules/kitchen/application/commands/create_cup/create_cup_command.ts',
      'modules/kitchen/application/commands/create_cup/create_cup_handler.ts',
    ])

    const replaced = scaffoldJson(
      await ace(
        'add-entity',
        'Cup',
        '--module',
        'Kitchen',
        '--force',
        '--json',
        '--properties',
        'Name:string,Size:int'
      )
    )
    assert.deepEqual(replaced.created, [])
    assert.includeMembers(replaced.edited, [
      'modules/kitchen/domain/cup.ts',
      'modules/kitchen/domain/cup_definition.ts',
      'modules/kitchen/application/commands/create_cup/create_cup_command.ts',
    ])
    assert.include(replaced.unchanged, 'modules/kitchen/domain/cup_id.ts')
  }).timeout(180_000)

  test('sync-entity brings every derived file up to date, reports each, and leaves a file edited by hand alone until --force', async ({
    assert,
  }) => {
    await crud('Lighting', 'Lamp', 'Lamps', 'Name:string,Watts:int,Label:string?')
    const definition = join(shop, 'modules/lighting/domain/lamp_definition.ts')
    const source = await readFile(definition, 'utf8')
    await writeFile(
      definition,
      source
        .replace("    label: { type: 'string', optional: true },\n", '')
        .replace(
          "watts: { type: 'int', optional: false }",
          "watts: { type: 'decimal', optional: false },\n    color: { type: 'string', optional: true }"
        )
    )
    const handler = join(
      shop,
      'modules/lighting/application/commands/delete_lamp/delete_lamp_handler.ts'
    )
    const edited = `${await readFile(handler, 'utf8')}// Deleting a lamp also turns it off.\n`
    await writeFile(handler, edited)

    const result = scaffoldJson(await ace('sync-entity', 'Lamp', '--module', 'Lighting', '--json'))
    assert.isTrue(result.ok, result.errors.join('\n'))
    assert.deepEqual(result.skipped, [
      {
        file: 'modules/lighting/application/commands/delete_lamp/delete_lamp_handler.ts',
        reason: 'edited since it was generated',
      },
    ])
    assert.equal(await readFile(handler, 'utf8'), edited)
    assert.includeMembers(result.edited, [
      'modules/lighting/domain/lamp.ts',
      'modules/lighting/infrastructure/persistence/lucid_lamp_repository.ts',
      'modules/lighting/application/commands/create_lamp/create_lamp_command.ts',
      'modules/lighting/application/commands/create_lamp/create_lamp_validator.ts',
      'modules/lighting/application/dtos/lamp_dto.ts',
      'modules/lighting/api/get_lamp_endpoint.ts',
    ])
    assert.includeMembers(result.unchanged, ['modules/lighting/domain/lamp_id.ts'])
    assert.deepEqual(result.created, [])
    assert.isTrue(result.nextSteps.some((step) => step.includes('node ace add-migration')))
    assert.include(await file('lighting', 'application/dtos/lamp_dto.ts'), 'color: string | null')
    assert.notInclude(await file('lighting', 'application/dtos/lamp_dto.ts'), 'label')
    // Prettier may wrap the rule over lines.
    assert.match(
      await file('lighting', 'application/commands/create_lamp/create_lamp_validator.ts'),
      /watts: vine\s*\.number\(\{ strict: true \}\)\s*\.use\(maxDecimalPlaces\(/
    )

    const again = scaffoldJson(await ace('sync-entity', 'Lamp', '--module', 'Lighting', '--json'))
    assert.deepEqual(again.edited, [])
    assert.lengthOf(again.skipped, 1)

    const forced = scaffoldJson(
      await ace('sync-entity', 'Lamp', '--module', 'Lighting', '--force', '--json')
    )
    assert.deepEqual(forced.skipped, [])
    assert.notInclude(await readFile(handler, 'utf8'), 'turns it off')
  }).timeout(240_000)

  test('add-entity --force that drops a property leaves an app that typechecks', async () => {
    await crud('Garden', 'Plant', 'Plants', 'Name:string,Height:decimal')
    await ace('add-entity', 'Plant', '--module', 'Garden', '--force', '--properties', 'Name:string')
    // Every module of the app, those of the tests above included.
    await inApp(shop, node, [typeChecker(shop), '--noEmit'])
  }).timeout(240_000)

  test("sync-entity derives an endpoint's starter test from the validator it writes, and leaves deleted use cases deleted", async ({
    assert,
  }) => {
    await crud('Weather', 'Forecast', 'Forecasts', 'Summary:string')
    const endpointTest = 'tests/integration/create_forecast_endpoint.spec.ts'
    assert.include(await file('weather', endpointTest), 'for an empty body')
    const definition = join(shop, 'modules/weather/domain/forecast_definition.ts')
    const defined = await readFile(definition, 'utf8')
    await writeFile(
      definition,
      defined.replace(
        "summary: { type: 'string', optional: false }",
        "summary: { type: 'string', optional: true }"
      )
    )
    // The user removed the delete use case and its endpoint: they stay removed.
    const removed = [
      'application/commands/delete_forecast',
      'api/delete_forecast_endpoint.ts',
      'tests/integration/delete_forecast_endpoint.spec.ts',
      'tests/unit/delete_forecast_command.spec.ts',
    ]
    for (const path of removed) {
      await rm(join(shop, 'modules/weather', path), { recursive: true })
    }
    await ace('sync-entity', 'Forecast', '--module', 'Weather')
    // An empty body is a valid forecast now: its test must not expect 400.
    assert.notInclude(await file('weather', endpointTest), 'for an empty body')
    for (const path of removed)
      assert.isFalse(existsSync(join(shop, 'modules/weather', path)), path)
  }).timeout(240_000)

  test('sync-entity names the entities of the module when asked for one it does not have', async ({
    assert,
  }) => {
    // The command exits 1: its output is in the error.
    const failure = await inApp(shop, node, [
      'ace',
      'sync-entity',
      'Chair',
      '--module',
      'Garden',
      '--json',
    ]).catch((error: Error) => ({ stdout: error.message }))
    const result = scaffoldJson(failure.stdout)
    assert.isFalse(result.ok)
    assert.include(result.errors.join('\n'), 'has no entity Chair')
  }).timeout(60_000)
})
