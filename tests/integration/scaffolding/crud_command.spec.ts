import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { stripVTControlCharacters } from 'node:util'
import AddCrud from '#commands/add_crud'
import AddCommand from '#commands/add_command'
import AddEntity from '#commands/add_entity'
import AddMigration from '#commands/add_migration'
import AddModule from '#commands/add_module'
import { generatedAppCommands } from '#tests/common/generated_app_commands'
import { filesUnder } from '#tests/common/module_files'
import { scaffoldingApp, type ScaffoldingApp } from '#tests/common/scaffolding'
import { typeChecker } from '#tests/common/type_checker'

/** The app's own programs (its typecheck and tests), on a port of their own. */
const inApp = generatedAppCommands(115)

let shop: ScaffoldingApp

const MODULE = 'Sales'
const path = (file: string) => shop.path('modules', 'sales', file)

/** Every file of the module and its text: what a refused command must leave as it was. */
const moduleFiles = () => filesUnder(path(''))

test.group('add-crud: a whole resource in one command', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    await shop.run(AddModule, [MODULE])
    const entity = await shop.run(AddEntity, [
      'Customer',
      '--module',
      MODULE,
      '--aggregate',
      '--properties',
      'Email:string(120):unique,Name:string,Joined:date,Note:text?',
    ])
    if (entity.exitCode !== 0) throw new Error(entity.output)
    return () => shop.remove()
  })

  test('writes the six operations under /customers; they typecheck and their tests pass', async ({
    assert,
  }) => {
    const { exitCode, output } = await shop.run(AddCrud, ['Customer', '--module', MODULE])
    assert.equal(exitCode, 0, output)
    assert.include(output, 'node ace add-migration AddCustomers --module Sales')
    for (const endpoint of ['create', 'get', 'list', 'update', 'patch', 'delete']) {
      const name = endpoint === 'list' ? 'list_customers' : `${endpoint}_customer`
      assert.isTrue(existsSync(path(`api/${name}_endpoint.ts`)), name)
    }
    assert.include(
      await readFile(path('api/patch_customer_endpoint.ts'), 'utf8'),
      "readonly path = '/customers/:id'"
    )
    // Each run is recorded, so that sync-entity follows the entity.
    const record = JSON.parse(await readFile(path('generated_files.json'), 'utf8'))
    assert.includeMembers(Object.keys(record.recipes), [
      'add-command CreateCustomer',
      'add-command PatchCustomer',
      'add-query ListCustomers',
      'add-endpoint DeleteCustomer',
    ])
    assert.deepEqual(record.recipes['add-endpoint GetCustomer'], [
      'add-endpoint',
      'GetCustomer',
      '--module',
      'Sales',
      '--method',
      'GET',
      '--route',
      '/customers/:id',
      '--query',
      'GetCustomerById',
      '--result-type',
      'CustomerDto',
    ])

    // Their starter tests take the success paths on the collection route too.
    const patchTest = await readFile(
      path('tests/integration/patch_customer_endpoint.spec.ts'),
      'utf8'
    )
    assert.include(patchTest, 'client.patch(`/api/sales/customers/${customer.id}`)')
    const listTest = await readFile(
      path('tests/integration/list_customers_endpoint.spec.ts'),
      'utf8'
    )
    assert.include(listTest, 'answers only the Customers that pass every filter it is sent')

    const migration = await shop.run(AddMigration, ['AddCustomers', '--module', MODULE])
    assert.equal(migration.exitCode, 0, migration.output)
    const node = process.execPath
    await inApp(shop.root, node, [typeChecker(shop.root), '--noEmit'])
    // The module's own tests alone, with no other module loaded (`node ace test --module`).
    const { stdout: colored } = await inApp(shop.root, node, [
      'ace',
      'test',
      '--module',
      'sales',
      '--reporters=spec',
    ])
    const stdout = stripVTControlCharacters(colored)
    assert.include(stdout, 'answers 204 and changes only the property it was sent')
    assert.notInclude(stdout, 'Architecture of the solution')
    assert.match(stdout, /Tests\s+\d+ passed/, stdout)
    assert.notMatch(stdout, /\d+ failed/, stdout)
  })
    .tags(['@slow'], 'append')
    .timeout(180_000)

  test('--read-only writes get and list; --except leaves out what it names', async ({ assert }) => {
    const reads = await shop.run(AddCrud, [
      'Customer',
      '--module',
      MODULE,
      '--read-only',
      '--route',
      '/people',
    ])
    assert.equal(reads.exitCode, 0, reads.output)
    const endpoints = await readdir(path('api'))
    assert.deepEqual(endpoints.filter((file) => file.includes('customer')).sort(), [
      'get_customer_endpoint.ts',
      'list_customers_endpoint.ts',
    ])
    assert.include(
      await readFile(path('api/get_customer_endpoint.ts'), 'utf8'),
      "readonly path = '/people/:id'"
    )
    const rest = await shop.run(AddCrud, [
      'Customer',
      '--module',
      MODULE,
      '--except',
      'get,list,delete',
      '--route',
      '/people',
    ])
    assert.equal(rest.exitCode, 0, rest.output)
    assert.isTrue(existsSync(path('api/patch_customer_endpoint.ts')))
    assert.isFalse(existsSync(path('api/delete_customer_endpoint.ts')))
  })

  test('refuses {why}, and writes nothing')
    .with([
      {
        why: 'an entity the module does not have',
        argv: ['Order'],
        message: /The Sales module has no entity Order/,
      },
      {
        why: 'an unknown operation',
        argv: ['Customer', '--except', 'archive'],
        message: /--except archive: not an operation/,
      },
      {
        why: 'no operation left',
        argv: ['Customer', '--read-only', '--except', 'get,list'],
        message: /leaves no operation/,
      },
      {
        why: 'a route with a parameter',
        argv: ['Customer', '--route', '/:tenant/customers'],
        message: /is not a collection route/,
      },
    ])
    .run(async ({ assert }, { argv, message }) => {
      const before = await moduleFiles()
      const { exitCode, output } = await shop.run(AddCrud, [...argv, '--module', MODULE])
      assert.equal(exitCode, 1)
      assert.match(output, message)
      assert.deepEqual(await moduleFiles(), before)
    })

  test('refuses when one operation exists already, and writes none of the others', async ({
    assert,
  }) => {
    await shop.run(AddCommand, ['DeleteCustomer', '--module', MODULE, '--result-type', 'void'])
    const before = await moduleFiles()
    const { exitCode, output } = await shop.run(AddCrud, ['Customer', '--module', MODULE])
    assert.equal(exitCode, 1)
    assert.match(output, /The command DeleteCustomer already exists/)
    assert.deepEqual(await moduleFiles(), before)
  })
})
