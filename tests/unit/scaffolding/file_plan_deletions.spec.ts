import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { diskWriter, FilePlan, type FileWriter } from '#kit/scaffolding/file_plan'
import { ScaffoldJournal } from '#kit/scaffolding/scaffold_journal'
import { failingWriter } from '#tests/common/scaffolding'

test.group('File plan, deleting files', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let root: string
  group.each.setup(async () => {
    root = await mkdtemp(join(tmpdir(), 'pantheon-plan-delete-'))
    await mkdir(join(root, 'domain/events'), { recursive: true })
    await writeFile(join(root, 'domain/events/gone.ts'), 'export const gone = 1\n')
    await writeFile(join(root, 'domain/kept.ts'), 'export const kept = 1\n')
    return () => rm(root, { recursive: true, force: true })
  })

  test('deletes the files and the folders they leave empty, and lists them', async ({ assert }) => {
    const plan = await new FilePlan(root).delete(join(root, 'domain/events/gone.ts'))
    await plan.edit(join(root, 'domain/kept.ts'), () => 'export const kept = 2\n')

    await plan.apply()

    assert.isFalse(existsSync(join(root, 'domain/events')))
    assert.equal(await readFile(join(root, 'domain/kept.ts'), 'utf8'), 'export const kept = 2\n')
    assert.deepEqual(plan.summary().deleted, ['domain/events/gone.ts'])
    assert.deepEqual(plan.summary().edited, ['domain/kept.ts'])
    assert.deepEqual(plan.paths(), [join(root, 'domain/kept.ts')])
    assert.lengthOf(await plan.diffs(), 1)
  })

  test('puts deleted files back when a later write fails', async ({ assert }) => {
    const plan = await new FilePlan(root).delete(join(root, 'domain/events/gone.ts'))
    await plan.edit(join(root, 'domain/kept.ts'), () => 'export const kept = 2\n')
    plan.create(join(root, 'new.ts'), 'new\n')

    await assert.rejects(() => plan.apply({ writer: failingWriter(2) }), 'disk full (injected)')

    assert.equal(
      await readFile(join(root, 'domain/events/gone.ts'), 'utf8'),
      'export const gone = 1\n'
    )
    assert.equal(await readFile(join(root, 'domain/kept.ts'), 'utf8'), 'export const kept = 1\n')
    assert.isFalse(existsSync(join(root, 'new.ts')))
  })

  test('a deletion is journaled first, so a command killed after it is undone by the next one', async ({
    assert,
  }) => {
    const journalFile = join(root, 'tmp/pantheon-scaffold-journal.json')
    let journaled = ''
    const watching: FileWriter = {
      write: diskWriter.write,
      async remove(path) {
        journaled = await readFile(journalFile, 'utf8')
        await diskWriter.remove(path)
      },
    }
    const plan = await new FilePlan(root).delete(join(root, 'domain/events/gone.ts'))
    await plan.apply({ writer: watching, command: 'remove-entity Gone' })
    assert.isFalse(existsSync(journalFile))

    // As if the process had been killed right after the deletion: the journal is still there.
    await mkdir(join(root, 'tmp'), { recursive: true })
    await writeFile(journalFile, journaled)
    assert.equal(await new ScaffoldJournal(root).recover(), 'remove-entity Gone')
    assert.equal(
      await readFile(join(root, 'domain/events/gone.ts'), 'utf8'),
      'export const gone = 1\n'
    )
  })
})
