import { test } from '@japa/runner'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  contentHash,
  generatedFilesPath,
  handEdited,
  readGeneratedFiles,
  serializeGeneratedFiles,
} from '#kit/scaffolding/generated_files'

test.group('Record of generated files', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let moduleRoot: string
  group.each.setup(async () => {
    moduleRoot = await mkdtemp(join(tmpdir(), 'pantheon-generated-'))
    return () => rm(moduleRoot, { recursive: true, force: true })
  })

  test('a module without a record has no files and no recipes', async ({ assert }) => {
    assert.deepEqual(await readGeneratedFiles(moduleRoot), { files: {}, recipes: {} })
  })

  test('a file is edited by hand when its text is not what was last generated', ({ assert }) => {
    const record = { files: { 'domain/lamp.ts': contentHash('generated\n') }, recipes: {} }
    assert.isUndefined(handEdited(record, 'domain/lamp.ts', 'generated\n'))
    assert.equal(
      handEdited(record, 'domain/lamp.ts', 'generated\n// mine\n'),
      'edited since it was generated'
    )
    assert.include(handEdited(record, 'domain/other.ts', 'anything') ?? '', 'no record')
  })

  test('is written with sorted keys and read back as written', async ({ assert }) => {
    const record = {
      files: { 'b.ts': contentHash('b'), 'a.ts': contentHash('a') },
      recipes: { 'add-query GetLampById': ['add-query', 'GetLampById'] },
    }
    const text = serializeGeneratedFiles(record)
    assert.isBelow(text.indexOf('"a.ts"'), text.indexOf('"b.ts"'))
    await writeFile(generatedFilesPath(moduleRoot), text)
    assert.deepEqual(await readGeneratedFiles(moduleRoot), record)
  })
})
