import { test } from '@japa/runner'
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { DoctorContext } from '#kit/doctor/doctor_check'
import { typescriptCompilerCheck } from '#kit/doctor/typescript_compiler_check'

/**
 * The doctor's look at node_modules/.bin/tsc, on folders laid out as npm leaves them: the two
 * packages that name a `tsc` (TypeScript 5.9 as `typescript`, 7 as `tsgo`) and
 * the link npm made, or none.
 */
test.group('Doctor: the TypeScript compiler behind tsc', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let root: string
  group.each.setup(async () => {
    root = await mkdtemp(join(tmpdir(), 'pantheon-doctor-tsc-'))
    return () => rm(root, { recursive: true, force: true })
  })

  const write = async (path: string, text: string) => {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), text)
  }
  const app = async (devDependencies: Record<string, string>) => {
    await write('package.json', JSON.stringify({ name: 'shop', devDependencies }))
    for (const name of ['typescript', 'tsgo']) {
      await write(`node_modules/${name}/package.json`, '{}')
      await write(`node_modules/${name}/bin/tsc`, '')
    }
  }
  const linkTsc = async (target: string) => {
    await mkdir(join(root, 'node_modules/.bin'), { recursive: true })
    await symlink(target, join(root, 'node_modules/.bin/tsc'))
  }
  const findings = () => typescriptCompilerCheck.run({ appRoot: root } as DoctorContext)

  const BOTH = { typescript: '~5.9.3', tsgo: 'npm:typescript@^7.0.2' }

  test('tsc linked to TypeScript 7, as a fresh install leaves it: nothing to say', async ({
    assert,
  }) => {
    await app(BOTH)
    await linkTsc('../tsgo/bin/tsc')
    assert.deepEqual(await findings(), [])
  })

  test("tsc linked to 5.9's over 7's: a warning naming the link and the rebuild that fixes it", async ({
    assert,
  }) => {
    await app(BOTH)
    await linkTsc('../typescript/bin/tsc')
    const [finding, ...more] = await findings()
    assert.lengthOf(more, 0)
    assert.equal(finding.severity, 'warning')
    assert.include(finding.message, 'node_modules/.bin/tsc is typescript/bin/tsc')
    assert.equal(finding.fix, 'npm rebuild tsgo')
  })

  test('no tsc at all (left by npm uninstall): a warning with the same fix', async ({ assert }) => {
    await app(BOTH)
    const [finding] = await findings()
    assert.include(finding.message, 'node_modules/.bin/tsc is missing')
    assert.equal(finding.fix, 'npm rebuild tsgo')
  })

  test('listed but not installed: npm install', async ({ assert }) => {
    await write('package.json', JSON.stringify({ devDependencies: BOTH }))
    const [finding] = await findings()
    assert.include(finding.message, 'tsgo is not installed')
    assert.equal(finding.fix, 'npm install')
  })

  test('an app that keeps TypeScript 5.9 alone (adopted by configure): nothing to say', async ({
    assert,
  }) => {
    await app({ typescript: '~5.9.3' })
    await linkTsc('../typescript/bin/tsc')
    assert.deepEqual(await findings(), [])
  })
})
