import { test } from '@japa/runner'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FilePlan } from '#kit/scaffolding/file_plan'
import {
  contentHash,
  generatedFilesPath,
  readGeneratedFiles,
  serializeGeneratedFiles,
} from '#kit/scaffolding/generated_files'
import { planGeneratedFilesRecord } from '#kit/scaffolding/generated_files_plan'

test.group('Planning the record of generated files', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let app: string
  let moduleRoot: string
  const at = (file: string) => join(moduleRoot, file)

  /** A module whose generator wrote two files; the test then edits one of them by hand. */
  group.each.setup(async () => {
    app = await mkdtemp(join(tmpdir(), 'pantheon-record-'))
    moduleRoot = join(app, 'modules', 'lighting')
    await mkdir(join(moduleRoot, 'domain'), { recursive: true })
    await writeFile(at('domain/lamp.ts'), 'generated lamp\n')
    await writeFile(at('domain/lamp_id.ts'), 'generated id\n')
    const record = {
      files: {
        'domain/lamp.ts': contentHash('generated lamp\n'),
        'domain/lamp_id.ts': contentHash('generated id\n'),
      },
      recipes: {},
    }
    await writeFile(generatedFilesPath(moduleRoot), serializeGeneratedFiles(record))
    return () => rm(app, { recursive: true, force: true })
  })

  test('replaces what the generator wrote, skips what was edited by hand, and records both', async ({
    assert,
  }) => {
    await writeFile(at('domain/lamp_id.ts'), 'generated id\n// mine\n')
    const plan = new FilePlan(app)
      .generate(at('domain/lamp.ts'), 'new lamp\n')
      .generate(at('domain/lamp_id.ts'), 'new id\n')
      .generate(at('domain/lamp_definition.ts'), 'definition\n')
    const recipe = { moduleRoot, key: 'add-query GetLampById', argv: ['add-query', 'GetLampById'] }

    const replaced = await planGeneratedFilesRecord(app, plan, { force: false, recipes: [recipe] })
    await plan.apply()

    assert.deepEqual(replaced, [])
    assert.deepEqual(plan.summary().skipped, [
      { file: 'modules/lighting/domain/lamp_id.ts', reason: 'edited since it was generated' },
    ])
    assert.equal(await readFile(at('domain/lamp.ts'), 'utf8'), 'new lamp\n')
    assert.equal(await readFile(at('domain/lamp_id.ts'), 'utf8'), 'generated id\n// mine\n')
    const record = await readGeneratedFiles(moduleRoot)
    assert.equal(record.files['domain/lamp.ts'], contentHash('new lamp\n'))
    assert.equal(record.files['domain/lamp_definition.ts'], contentHash('definition\n'))
    // The skipped file keeps the hash of what was generated: it still counts as edited.
    assert.equal(record.files['domain/lamp_id.ts'], contentHash('generated id\n'))
    assert.deepEqual(record.recipes, { 'add-query GetLampById': ['add-query', 'GetLampById'] })
  })

  test('with force, replaces a file edited by hand and says so', async ({ assert }) => {
    await writeFile(at('domain/lamp_id.ts'), 'generated id\n// mine\n')
    const plan = new FilePlan(app).generate(at('domain/lamp_id.ts'), 'new id\n')

    const replaced = await planGeneratedFilesRecord(app, plan, { force: true })
    await plan.apply()

    assert.deepEqual(replaced, [
      'modules/lighting/domain/lamp_id.ts (edited since it was generated)',
    ])
    assert.equal(await readFile(at('domain/lamp_id.ts'), 'utf8'), 'new id\n')
  })

  test('a file that would not change is unchanged, edited by hand or not', async ({ assert }) => {
    const plan = new FilePlan(app).generate(at('domain/lamp.ts'), 'generated lamp\n')
    await planGeneratedFilesRecord(app, plan, { force: false })
    assert.deepEqual(plan.summary().unchanged, ['modules/lighting/domain/lamp.ts'])
    assert.deepEqual(plan.summary().skipped, [])
  })

  test('a file outside modules/ is not recorded', async ({ assert }) => {
    const plan = new FilePlan(app).create(join(app, 'start/routes.ts'), 'routes\n')
    await planGeneratedFilesRecord(app, plan, { force: false })
    assert.deepEqual(plan.paths(), [join(app, 'start/routes.ts')])
  })
})
