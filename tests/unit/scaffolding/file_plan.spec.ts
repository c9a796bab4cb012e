import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FilePlan } from '#kit/scaffolding/file_plan'
import { failingWriter } from '#tests/common/scaffolding'

test.group('File plan', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let root: string
  group.each.setup(async () => {
    root = await mkdtemp(join(tmpdir(), 'pantheon-plan-'))
    return () => rm(root, { recursive: true, force: true })
  })

  test('writes new files and edits existing ones', async ({ assert }) => {
    await writeFile(join(root, 'existing.ts'), 'export const a = 1\n')
    const plan = new FilePlan(root).create(join(root, 'deep/new.ts'), 'export const b = 2\n')
    await plan.edit(join(root, 'existing.ts'), (text) => text + 'export const c = 3\n')

    await plan.apply()

    assert.equal(await readFile(join(root, 'deep/new.ts'), 'utf8'), 'export const b = 2\n')
    assert.equal(
      await readFile(join(root, 'existing.ts'), 'utf8'),
      'export const a = 1\nexport const c = 3\n'
    )
    assert.deepEqual(plan.summary(), {
      created: ['deep/new.ts'],
      edited: ['existing.ts'],
      unchanged: [],
      skipped: [],
      deleted: [],
    })
  })

  test('a forced create over an existing file is an update, and one that changes nothing is unchanged', async ({
    assert,
  }) => {
    await writeFile(join(root, 'changed.ts'), 'old\n')
    await writeFile(join(root, 'same.ts'), 'same\n')
    const plan = new FilePlan(root)
      .create(join(root, 'changed.ts'), 'new\n')
      .create(join(root, 'same.ts'), 'same\n')
      .create(join(root, 'fresh.ts'), 'fresh\n')
      .dropUnchanged()

    await plan.apply({ force: true })

    assert.deepEqual(plan.summary(), {
      created: ['fresh.ts'],
      edited: ['changed.ts'],
      unchanged: ['same.ts'],
      skipped: [],
      deleted: [],
    })
    assert.equal(await readFile(join(root, 'changed.ts'), 'utf8'), 'new\n')
  })

  test('a generated file may replace an existing one without --force; a skipped one is left alone', async ({
    assert,
  }) => {
    await writeFile(join(root, 'generated.ts'), 'old\n')
    await writeFile(join(root, 'edited.ts'), 'mine\n')
    const plan = new FilePlan(root)
      .generate(join(root, 'generated.ts'), 'new\n')
      .generate(join(root, 'edited.ts'), 'theirs\n')
      .skip(join(root, 'edited.ts'), 'edited since it was generated')

    await plan.apply()

    assert.equal(await readFile(join(root, 'generated.ts'), 'utf8'), 'new\n')
    assert.equal(await readFile(join(root, 'edited.ts'), 'utf8'), 'mine\n')
    assert.deepEqual(plan.summary().skipped, [
      { file: 'edited.ts', reason: 'edited since it was generated' },
    ])
  })

  test('restores edited files and removes created ones when a write fails', async ({ assert }) => {
    await writeFile(join(root, 'existing.ts'), 'original\n')
    const plan = new FilePlan(root).create(join(root, 'deep/er/new.ts'), 'new\n')
    await plan.edit(join(root, 'existing.ts'), () => 'edited\n')
    plan.create(join(root, 'third.ts'), 'third\n')

    await assert.rejects(() => plan.apply({ writer: failingWriter(3) }), 'disk full (injected)')

    assert.equal(await readFile(join(root, 'existing.ts'), 'utf8'), 'original\n')
    assert.isFalse(existsSync(join(root, 'deep')))
    assert.isFalse(existsSync(join(root, 'third.ts')))
  })

  test('refuses to overwrite an existing file unless forced', async ({ assert }) => {
    await writeFile(join(root, 'taken.ts'), 'mine\n')
    const plan = new FilePlan(root).create(join(root, 'taken.ts'), 'theirs\n')

    await assert.rejects(() => plan.apply(), 'These files already exist: taken.ts')
    assert.equal(await readFile(join(root, 'taken.ts'), 'utf8'), 'mine\n')

    await plan.apply({ force: true })
    assert.equal(await readFile(join(root, 'taken.ts'), 'utf8'), 'theirs\n')
  })

  test('shows an edit as a unified diff', async ({ assert }) => {
    await writeFile(join(root, 'existing.ts'), 'one\n')
    const plan = await new FilePlan(root).edit(join(root, 'existing.ts'), () => 'one\ntwo\n')
    const [diff] = await plan.diffs()
    assert.include(diff, '--- a/existing.ts')
    assert.include(diff, '+++ b/existing.ts')
    assert.include(diff, '+two')
  })
})

test.group('File plan, where it may write', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let root: string
  let outside: string
  group.each.setup(async () => {
    root = await mkdtemp(join(tmpdir(), 'pantheon-plan-app-'))
    outside = await mkdtemp(join(tmpdir(), 'pantheon-plan-outside-'))
    return async () => {
      await rm(root, { recursive: true, force: true })
      await rm(outside, { recursive: true, force: true })
    }
  })

  test('refuses a folder linked outside the app, and writes nothing at all', async ({ assert }) => {
    await mkdir(join(root, 'modules'))
    await symlink(outside, join(root, 'modules/shop'), 'dir')
    const plan = new FilePlan(root)
      .create(join(root, 'README.md'), 'inside\n')
      .create(join(root, 'modules/shop/domain/order.ts'), 'export {}\n')

    await assert.rejects(
      () => plan.apply(),
      /modules\/shop\/domain\/order\.ts would be written to .*, outside .*, through a symbolic link/
    )
    assert.isFalse(existsSync(join(outside, 'domain')))
    assert.isFalse(existsSync(join(root, 'README.md')))
  })

  test('refuses a file linked outside the app, even with --force', async ({ assert }) => {
    await writeFile(join(outside, 'secret.ts'), 'keep me\n')
    await symlink(join(outside, 'secret.ts'), join(root, 'module.ts'))
    const plan = new FilePlan(root).create(join(root, 'module.ts'), 'overwritten\n')

    await assert.rejects(() => plan.apply({ force: true }), /through a symbolic link/)
    assert.equal(await readFile(join(outside, 'secret.ts'), 'utf8'), 'keep me\n')
  })

  test('refuses a link to a missing location', async ({ assert }) => {
    await symlink(join(outside, 'not-yet'), join(root, 'modules'), 'dir')
    const plan = new FilePlan(root).create(join(root, 'modules/shop/x.ts'), 'x\n')
    await assert.rejects(() => plan.apply(), /through a symbolic link/)
    assert.isFalse(existsSync(join(outside, 'not-yet')))
  })

  test('a link that stays inside the app is fine', async ({ assert }) => {
    await mkdir(join(root, 'real'))
    await symlink(join(root, 'real'), join(root, 'linked'), 'dir')
    await new FilePlan(root).create(join(root, 'linked/x.ts'), 'x\n').apply()
    assert.equal(await readFile(join(root, 'real/x.ts'), 'utf8'), 'x\n')
  })

  test('an overlong name is a clear error, not ENAMETOOLONG, and nothing is written', async ({
    assert,
  }) => {
    const plan = new FilePlan(root)
      .create(join(root, 'first.ts'), 'x\n')
      .create(join(root, `${'a'.repeat(300)}_module.ts`), 'x\n')
    await assert.rejects(
      () => plan.apply(),
      /is 310 bytes long; file and folder names may have at most 255/
    )
    assert.isFalse(existsSync(join(root, 'first.ts')))
  })
})
