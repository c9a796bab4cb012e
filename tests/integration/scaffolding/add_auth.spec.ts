import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import AddAuth from '#commands/add_auth'
import AddCrud from '#commands/add_crud'
import AddEndpoint from '#commands/add_endpoint'
import AddEntity from '#commands/add_entity'
import AddModule from '#commands/add_module'
import AddQuery from '#commands/add_query'
import { scaffoldingApp, type ScaffoldingApp } from '#tests/common/scaffolding'

const IDENTITY = 'modules/identity'

/** The files of the Identity module and the app's settings add-auth writes. */
const EXPECTED_FILES = [
  `${IDENTITY}/infrastructure/identity_module.ts`,
  `${IDENTITY}/infrastructure/identity_index.ts`,
  `${IDENTITY}/infrastructure/persistence/account_record.ts`,
  `${IDENTITY}/infrastructure/persistence/lucid_accounts.ts`,
  `${IDENTITY}/domain/account.ts`,
  `${IDENTITY}/api/register_user_endpoint.ts`,
  `${IDENTITY}/api/issue_token_endpoint.ts`,
  `${IDENTITY}/api/revoke_current_token_endpoint.ts`,
  `${IDENTITY}/api/get_current_user_endpoint.ts`,
  `${IDENTITY}/api/get_user_endpoint.ts`,
  `${IDENTITY}/infrastructure/persistence/lucid_identity_administration.ts`,
  `${IDENTITY}/tests/integration/identity_endpoints.spec.ts`,
  'config/auth.ts',
  'config/hash.ts',
]

async function migrations(shop: ScaffoldingApp): Promise<string[]> {
  const files = await readdir(shop.path(IDENTITY, 'infrastructure/database/migrations'))
  return files.sort()
}

test.group('add-auth', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let shop: ScaffoldingApp
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    return () => shop.remove()
  })

  test('writes the Identity module, its settings and its providers', async ({ assert }) => {
    const { exitCode, output } = await shop.run(AddAuth, [])
    assert.equal(exitCode, 0, output)
    for (const file of EXPECTED_FILES) {
      assert.isTrue(existsSync(shop.path(file)), `${file} was not created`)
    }
    // The accounts table first: the tokens table refers to it.
    const [accounts, tokens, grants] = await migrations(shop)
    assert.match(accounts, /^\d+_create_identity_accounts_table\.ts$/)
    assert.match(tokens, /^\d+_create_identity_access_tokens_table\.ts$/)
    assert.match(grants, /^\d+_create_identity_grants_tables\.ts$/)

    const adonisrc = await readFile(shop.path('adonisrc.ts'), 'utf8')
    const hash = adonisrc.indexOf("import('@adonisjs/core/providers/hash_provider')")
    const auth = adonisrc.indexOf("import('@adonisjs/auth/auth_provider')")
    const kit = adonisrc.indexOf("import('@pantheon/kit/provider')")
    assert.isTrue(hash > 0 && hash < auth && auth < kit, 'the providers come before the kit’s')
    const manifest = JSON.parse(await readFile(shop.path('package.json'), 'utf8'))
    assert.match(manifest.dependencies['@adonisjs/auth'], /^\^10\./)
    assert.include(await readFile(shop.path('.env.example'), 'utf8'), 'IDENTITY_SELF_REGISTRATION')
    const endpoint = await readFile(shop.path(EXPECTED_FILES[8]), 'utf8')
    assert.include(endpoint, 'readonly authenticated = true')
    const index = await readFile(shop.path(EXPECTED_FILES[1]), 'utf8')
    assert.include(index, 'get_current_user_endpoint')
  })

  test('run again, it changes nothing; with --force it writes the module again but no second migration', async ({
    assert,
  }) => {
    const first = await shop.run(AddAuth, [])
    assert.equal(first.exitCode, 0, first.output)
    const written = await migrations(shop)
    const adonisrc = await readFile(shop.path('adonisrc.ts'), 'utf8')
    const manifest = await readFile(shop.path('package.json'), 'utf8')

    const again = await shop.run(AddAuth, ['--json'])
    assert.equal(again.exitCode, 0, again.output)
    const report = JSON.parse(again.output)
    assert.deepEqual([...report.created, ...report.edited], [])
    assert.equal(await readFile(shop.path('adonisrc.ts'), 'utf8'), adonisrc)
    assert.equal(await readFile(shop.path('package.json'), 'utf8'), manifest)

    const handler = shop.path(`${IDENTITY}/domain/account.ts`)
    await writeFile(handler, '// broken by hand\n')
    const forced = await shop.run(AddAuth, ['--force'])
    assert.equal(forced.exitCode, 0, forced.output)
    assert.include(await readFile(handler, 'utf8'), 'export abstract class Accounts')
    assert.deepEqual(await migrations(shop), written)
  })

  test('an app made before the outbox kept the acting account gets that column, once', async ({
    assert,
  }) => {
    const actorMigration = 'database/migrations/1764300000000_add_actor_to_outbox.ts'
    const asInitWritesIt = await readFile(shop.path(actorMigration), 'utf8')
    await rm(shop.path(actorMigration))
    const { exitCode, output } = await shop.run(AddAuth, [])
    assert.equal(exitCode, 0, output)
    assert.equal(await readFile(shop.path(actorMigration), 'utf8'), asInitWritesIt)
    const migrationsOfApp = await readdir(shop.path('database/migrations'))
    assert.lengthOf(
      migrationsOfApp.filter((file) => file.endsWith('_add_actor_to_outbox.ts')),
      1
    )
  })

  test('a settings step done by hand is not done twice', async ({ assert }) => {
    await writeFile(shop.path('config/hash.ts'), '// the app’s own hasher settings\n')
    const { exitCode, output } = await shop.run(AddAuth, [])
    assert.equal(exitCode, 0, output)
    assert.equal(
      await readFile(shop.path('config/hash.ts'), 'utf8'),
      '// the app’s own hasher settings\n'
    )
    assert.isTrue(existsSync(shop.path('config/auth.ts')))
  })

  test('a module named Identity that add-auth did not write is refused, and nothing is written', async ({
    assert,
  }) => {
    const module = await shop.run(AddModule, ['Identity'])
    assert.equal(module.exitCode, 0, module.output)
    const adonisrc = await readFile(shop.path('adonisrc.ts'), 'utf8')
    const { exitCode, output } = await shop.run(AddAuth, [])
    assert.equal(exitCode, 1)
    assert.include(
      output,
      'modules/identity exists, and is not the Identity module add-auth writes'
    )
    assert.isFalse(existsSync(shop.path('config/auth.ts')))
    assert.equal(await readFile(shop.path('adonisrc.ts'), 'utf8'), adonisrc)
  })

  test('an adonisrc.ts without the kit provider is refused with the lines to add', async ({
    assert,
  }) => {
    const path = shop.path('adonisrc.ts')
    const adonisrc = await readFile(path, 'utf8')
    await writeFile(path, adonisrc.replace("    () => import('@pantheon/kit/provider'),\n", ''))
    const { exitCode, output } = await shop.run(AddAuth, [])
    assert.equal(exitCode, 1)
    assert.include(output, "() => import('@adonisjs/auth/auth_provider'),")
    assert.isFalse(existsSync(shop.path(IDENTITY)))
  })

  test('--dry-run writes nothing', async ({ assert }) => {
    await mkdir(shop.path('tmp'), { recursive: true })
    const { exitCode, output } = await shop.run(AddAuth, ['--dry-run'])
    assert.equal(exitCode, 0, output)
    assert.include(output, 'identity_module.ts')
    assert.isFalse(existsSync(shop.path(IDENTITY)))
    assert.isFalse(existsSync(shop.path('config/auth.ts')))
  })
})

/** A Sales module with a Customer aggregate and its query by id, in the app `shop`. */
async function withCustomers(shop: ScaffoldingApp) {
  await shop.runAll([
    [AddModule, ['Sales']],
    [AddEntity, ['Customer', '--module', 'Sales', '--aggregate', '--properties', 'Name:string']],
  ])
}

async function endpointFile(shop: ScaffoldingApp, name: string) {
  return readFile(shop.path('modules/sales/api', `${name}_endpoint.ts`), 'utf8')
}

test.group('Generated endpoints in an app with authentication', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let shop: ScaffoldingApp
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    return () => shop.remove()
  })

  test('add-crud --permission declares <prefix>.read, .create, .update and .delete and needs them', async ({
    assert,
  }) => {
    await shop.run(AddAuth, [])
    await withCustomers(shop)
    const crud = await shop.run(AddCrud, [
      'Customer',
      '--module',
      'Sales',
      '--permission',
      'sales.customers',
    ])
    assert.equal(crud.exitCode, 0, crud.output)
    const registration = await readFile(
      shop.path('modules/sales/infrastructure/sales_module.ts'),
      'utf8'
    )
    for (const action of ['create', 'read', 'update', 'delete']) {
      assert.include(registration, `'sales.customers.${action}'`)
    }
    assert.include(
      await endpointFile(shop, 'get_customer'),
      "readonly permission = 'sales.customers.read'"
    )
    assert.include(
      await endpointFile(shop, 'list_customers'),
      "readonly permission = 'sales.customers.read'"
    )
    assert.include(
      await endpointFile(shop, 'patch_customer'),
      "readonly permission = 'sales.customers.update'"
    )
    const starterTest = await readFile(
      shop.path('modules/sales/tests/integration/create_customer_endpoint.spec.ts'),
      'utf8'
    )
    assert.include(starterTest, "token = await loginAs(['sales.customers.create'])")
    assert.include(starterTest, "test('answers 403 to a caller without sales.customers.create'")
    assert.include(starterTest, "test('answers 401 without an access token'")
  })

  test('without a flag an endpoint is for signed-in callers; --public for anyone', async ({
    assert,
  }) => {
    await shop.run(AddAuth, [])
    await withCustomers(shop)
    await shop.runAll([
      [AddQuery, ['GetCustomerById', '--module', 'Sales', '--result-type', 'CustomerDto']],
      [
        AddEndpoint,
        [
          'GetCustomer',
          '--module',
          'Sales',
          '--method',
          'GET',
          '--route',
          '/:id',
          '--query',
          'GetCustomerById',
          '--result-type',
          'CustomerDto',
        ],
      ],
      [
        AddEndpoint,
        [
          'ShowCustomer',
          '--module',
          'Sales',
          '--method',
          'GET',
          '--route',
          '/show/:id',
          '--query',
          'GetCustomerById',
          '--result-type',
          'CustomerDto',
          '--public',
        ],
      ],
    ])
    assert.include(await endpointFile(shop, 'get_customer'), 'readonly authenticated = true')
    const open = await endpointFile(shop, 'show_customer')
    assert.notInclude(open, 'authenticated')
    assert.notInclude(open, 'permission')
  })

  test('refuses {label}, and writes nothing')
    .with([
      {
        label: '--permission with --public',
        auth: true,
        flags: ['--permission', 'sales.customers.read', '--public'],
        message: '--permission and --public say opposite things',
      },
      {
        label: "another module's permission",
        auth: true,
        flags: ['--permission', 'billing.customers.read'],
        message: 'is not a permission of the Sales module',
      },
      {
        label: 'a permission without an app with authentication',
        auth: false,
        flags: ['--permission', 'sales.customers.read'],
        message: 'needs authentication, which this app does not have',
      },
    ])
    .run(async ({ assert }, { auth, flags, message }) => {
      if (auth) await shop.run(AddAuth, [])
      await withCustomers(shop)
      await shop.runAll([
        [AddQuery, ['GetCustomerById', '--module', 'Sales', '--result-type', 'CustomerDto']],
      ])
      const { exitCode, output } = await shop.run(AddEndpoint, [
        'GetCustomer',
        '--module',
        'Sales',
        '--method',
        'GET',
        '--route',
        '/:id',
        '--query',
        'GetCustomerById',
        '--result-type',
        'CustomerDto',
        ...flags,
      ])
      assert.equal(exitCode, 1)
      assert.include(output, message)
      assert.isFalse(existsSync(shop.path('modules/sales/api/get_customer_endpoint.ts')))
    })
})
