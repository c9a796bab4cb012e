import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FilePlan } from '#kit/scaffolding/file_plan'
import { failingWriter } from '#tests/common/scaffolding'

test.group('File plan', (group) => {
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
    assert.deepEqual(plan.summary(), { created: ['deep/new.ts'], edited: ['existing.ts'] })
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
    const [diff] = plan.diffs()
    assert.include(diff, '--- a/existing.ts')
    assert.include(diff, '+++ b/existing.ts')
    assert.include(diff, '+two')
  })
})
