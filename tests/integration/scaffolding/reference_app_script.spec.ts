import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { createTwoFilesPatch } from 'diff'
import { appFiles } from '#tests/common/kit_app'
import { runOrFail } from '#tests/common/generated_app_commands'
import { scaffoldingApp, scaffoldInProcess } from '#tests/common/scaffolding'
import {
  classifyModuleFile,
  commandLinesOf,
  MODULE_FOLDERS,
  sameAfterTimestamps,
} from '#tests/common/reference_app_script'

const SCRIPT = app.makePath('bin', 'scaffold_reference_app.sh')

/** The files of the script's modules in the app at `root`, as paths from that root. */
async function moduleFiles(root: string): Promise<string[]> {
  const files: string[] = []
  for (const folder of MODULE_FOLDERS) {
    const inFolder = await appFiles(join(root, folder))
    files.push(...inFolder.map((file) => `${folder}${file}`))
  }
  return files
}

test.group('The reference app is generator output', (group) => {
  group.tap((t) => t.tags(['@any-database']))

  test('bin/scaffold_reference_app.sh writes Catalog and Orders but for the files marked as edited or hand-written', async ({
    assert,
    cleanup,
  }) => {
    const shop = await scaffoldingApp()
    cleanup(() => shop.remove())
    const script = await readFile(SCRIPT, 'utf8')
    // bash reads it as the test does: nothing in it that only this test's reading accepts.
    await runOrFail('bash', ['-n', SCRIPT], { cwd: app.makePath(), env: process.env })
    for (const argv of commandLinesOf(script)) {
      const ran = await scaffoldInProcess(shop.root, argv)
      assert.isDefined(ran, `node ace ${argv.join(' ')} is not a scaffolding command`)
    }

    const generated = await moduleFiles(shop.root)
    const ours = await moduleFiles(app.makePath())
    const problems: string[] = []
    for (const file of ours) {
      const counterpart = generated.find((candidate) => sameAfterTimestamps(candidate, file))
      const problem = classifyModuleFile(
        file,
        await readFile(app.makePath(file), 'utf8'),
        counterpart === undefined ? undefined : await readFile(shop.path(counterpart), 'utf8')
      )
      if (problem?.kind === 'differs') {
        problems.push(
          `${file} differs from what the script writes and is not marked "// Edited after generation: <why>":\n` +
            createTwoFilesPatch(`generated/${file}`, file, problem.generated, problem.ours)
        )
      } else if (problem) problems.push(`${file}: ${problem.message}`)
    }
    for (const file of generated) {
      const matches = ours.filter((candidate) => sameAfterTimestamps(candidate, file))
      if (matches.length === 0) {
        problems.push(`${file}: the script writes it but the repository has no such file`)
      } else if (matches.length > 1) {
        problems.push(
          `${file}: the script writes it once, the repository has ${matches.join(', ')}`
        )
      }
    }
    assert.deepEqual(problems, [])
  }).timeout(180_000)
})
