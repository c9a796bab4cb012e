import { test } from '@japa/runner'
import { existsSync, statSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Init from '#commands/init'
import { failingWriter, runCommand } from '#tests/common/scaffolding'

test.group('init', (group) => {
  let out: string
  group.each.setup(async () => {
    out = await mkdtemp(join(tmpdir(), 'pantheon-init-'))
    return () => rm(out, { recursive: true, force: true })
  })

  test('creates a standalone app with the host, scaffolding and tests but no module', async ({
    assert,
  }) => {
    const { exitCode } = await runCommand(Init, ['Shop', '--out', out])
    const shop = join(out, 'Shop')

    assert.equal(exitCode, 0)
    for (const file of [
      'adonisrc.ts',
      'bin/server.ts',
      'config/database.ts',
      'start/kernel.ts',
      'app/building_blocks/application/mediator.ts',
      'commands/add_module.ts',
      'commands/init.ts',
      'stubs/pantheon/module/registration.stub',
      'tests/common/architecture/rules.ts',
      'tests/architecture/solution.spec.ts',
      'tests/integration/unit_of_work.spec.ts',
      '.env.example',
      'README.md',
    ]) {
      assert.isTrue(existsSync(join(shop, file)), `${file} is missing`)
    }
    assert.isFalse(existsSync(join(shop, 'modules')))
    assert.isFalse(existsSync(join(shop, 'tests/integration/end_to_end')))
    const manifest = JSON.parse(await readFile(join(shop, 'package.json'), 'utf8'))
    assert.equal(manifest.name, 'shop')
    for (const script of ['bench', 'load', 'bench:scaffolding']) assert.notProperty(manifest.scripts, script)
    assert.property(manifest.scripts, 'test')
    assert.include(await readFile(join(shop, 'README.md'), 'utf8'), '# Shop')
    assert.equal(statSync(join(shop, 'bin/start.sh')).mode & 0o111, 0o111)
  })

  test('refuses a folder that is not empty', async ({ assert }) => {
    await mkdir(join(out, 'Shop'))
    await writeFile(join(out, 'Shop', 'notes.txt'), 'keep me')

    const { exitCode, output } = await runCommand(Init, ['Shop', '--out', out])

    assert.equal(exitCode, 1)
    assert.include(output, 'is not empty')
    assert.isFalse(existsSync(join(out, 'Shop', 'adonisrc.ts')))
  })

  test('rejects --aspire, which is not available yet, instead of ignoring it', async ({ assert }) => {
    const { exitCode, output } = await runCommand(Init, ['Shop', '--out', out, '--aspire'])
    assert.equal(exitCode, 1)
    assert.include(output, '--aspire is not available in this version of Pantheon')
    assert.isFalse(existsSync(join(out, 'Shop')))
  })

  test('--transport {kind} makes it the default in config and writes its env variables')
    .with([
      { kind: 'redis', variable: 'REDIS_URL=redis://127.0.0.1:6379' },
      { kind: 'rabbitmq', variable: 'RABBITMQ_URL=amqp://guest:guest@127.0.0.1:5672' },
      { kind: 'memory', variable: 'MESSAGE_TRANSPORT=memory' },
    ])
    .run(async ({ assert }, { kind, variable }) => {
      const { exitCode } = await runCommand(Init, ['Shop', '--out', out, '--transport', kind])
      assert.equal(exitCode, 0)
      const config = await readFile(join(out, 'Shop', 'config/messaging.ts'), 'utf8')
      assert.include(config, `env.get('MESSAGE_TRANSPORT', '${kind}')`)
      const dotEnv = await readFile(join(out, 'Shop', '.env'), 'utf8')
      assert.include(dotEnv, `MESSAGE_TRANSPORT=${kind}\n`)
      assert.include(dotEnv, variable)
      // Every variable written is one the app reads.
      const envSchema = await readFile(join(out, 'Shop', 'start/env.ts'), 'utf8')
      for (const name of dotEnv.match(/^[A-Z_]+(?==)/gm) ?? []) assert.include(envSchema, `${name}:`)
    })

  test('an unknown --transport is rejected with the valid ones, and nothing is written', async ({ assert }) => {
    const { exitCode, output } = await runCommand(Init, ['Shop', '--out', out, '--transport', 'kafka'])
    assert.equal(exitCode, 1)
    assert.include(output, 'Unknown transport "kafka"')
    assert.include(output, 'memory, redis, rabbitmq')
    assert.isFalse(existsSync(join(out, 'Shop')))
  })

  test('rejects an app name that is not PascalCase', async ({ assert }) => {
    const { exitCode, output } = await runCommand(Init, ['my-shop', '--out', out])
    assert.equal(exitCode, 1)
    assert.include(output, 'must be PascalCase')
  })

  test('--dry-run writes nothing', async ({ assert }) => {
    const { exitCode, output } = await runCommand(Init, ['Shop', '--out', out, '--dry-run'])
    assert.equal(exitCode, 0)
    assert.include(output, 'would create adonisrc.ts')
    assert.isFalse(existsSync(join(out, 'Shop')))
  })

  test('a write failing half-way leaves nothing behind', async ({ assert }) => {
    const { exitCode } = await runCommand(Init, ['Shop', '--out', out], {
      writer: failingWriter(40),
    })
    assert.equal(exitCode, 1)
    assert.isFalse(existsSync(join(out, 'Shop')))
  })
})
