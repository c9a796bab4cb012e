import { test } from '@japa/runner'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FilePlan } from '#kit/scaffolding/file_plan'
import { prettierFormatter } from '#kit/scaffolding/format_files'

const UNFORMATTED = 'export const greeting = "hello";\n'

test.group('Formatting generated files', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let root: string
  group.each.setup(async () => {
    root = await mkdtemp(join(tmpdir(), 'pantheon-format-'))
    return () => rm(root, { recursive: true, force: true })
  })

  test('formats .ts, .js, .json and .md with the config the app resolves', async ({ assert }) => {
    await writeFile(
      join(root, 'package.json'),
      '{ "prettier": { "semi": true, "singleQuote": true } }\n'
    )
    const format = (await prettierFormatter(root))!

    assert.equal(
      await format(join(root, 'a.ts'), UNFORMATTED),
      "export const greeting = 'hello';\n"
    )
    assert.equal(
      await format(join(root, 'a.js'), UNFORMATTED),
      "export const greeting = 'hello';\n"
    )
    assert.equal(await format(join(root, 'a.json'), '{"a":[1,\n2]}'), '{ "a": [1, 2] }\n')
    assert.equal(await format(join(root, 'a.md'), '* one\n* two\n'), '- one\n- two\n')
    assert.equal(await format(join(root, 'bin/run.sh'), 'echo  "x";\n'), 'echo  "x";\n')
    assert.equal(await format(join(root, 'a.stub'), UNFORMATTED), UNFORMATTED)
  })

  test('falls back to @adonisjs/prettier-config when the app has no config', async ({ assert }) => {
    const format = (await prettierFormatter(root))!
    assert.equal(
      await format(join(root, 'a.ts'), 'const list = [1,2,3];\n'),
      'const list = [1, 2, 3]\n'
    )
  })

  test('an app not written yet (init) takes @adonisjs/prettier-config, not a config above it', async ({
    assert,
  }) => {
    await writeFile(
      join(root, 'package.json'),
      '{ "prettier": { "semi": true, "singleQuote": true } }\n'
    )
    const app = join(root, 'NewApp')
    const format = (await prettierFormatter(app, { resolve: false }))!
    assert.equal(await format(join(app, 'a.ts'), UNFORMATTED), "export const greeting = 'hello'\n")
  })

  test('leaves the files the app tells prettier to ignore', async ({ assert }) => {
    await writeFile(join(root, '.prettierignore'), 'generated/\n')
    const format = (await prettierFormatter(root))!
    assert.equal(await format(join(root, 'generated/a.ts'), UNFORMATTED), UNFORMATTED)
    assert.equal(
      await format(join(root, 'kept/a.ts'), UNFORMATTED),
      "export const greeting = 'hello'\n"
    )
  })

  test('names the file it cannot parse', async ({ assert }) => {
    const format = (await prettierFormatter(root))!
    await assert.rejects(
      () => format(join(root, 'modules/x/broken.ts'), 'export const = ;\n'),
      /^modules\/x\/broken\.ts could not be formatted: /
    )
  })

  test('a plan formats what it writes, and drops an edit that formats back to the file', async ({
    assert,
  }) => {
    await mkdir(join(root, 'src'))
    await writeFile(join(root, 'src/kept.ts'), "export const a = 'a'\n")
    const plan = new FilePlan(root).create(join(root, 'src/new.ts'), UNFORMATTED)
    await plan.edit(join(root, 'src/kept.ts'), () => 'export const a = "a";\n')

    await plan.format((await prettierFormatter(root))!)
    await plan.apply()

    assert.deepEqual(plan.summary(), {
      created: ['src/new.ts'],
      edited: [],
      skipped: [],
      unchanged: [],
      deleted: [],
    })
    assert.equal(
      await readFile(join(root, 'src/new.ts'), 'utf8'),
      "export const greeting = 'hello'\n"
    )
  })

  test('text rendered in the house style is written as it is when the app formats with the preset', async ({
    assert,
  }) => {
    // Text prettier would change, said to be in the house style: left alone shows prettier was not asked.
    const notReallyFormatted = 'export const greeting = "hello";\n'
    const format = (await verifying('false', () => prettierFormatter(root)))!
    const path = join(root, 'a.ts')

    assert.equal(await format(path, notReallyFormatted, true), notReallyFormatted)
    assert.equal(await format(path, notReallyFormatted), "export const greeting = 'hello'\n")
    const long = `export const list = [${Array.from({ length: 30 }, (_, n) => n).join(', ')}];\n`
    assert.notEqual(await format(path, long, true), long)
  })

  test('an app with a config of its own has house-style text formatted all the same', async ({
    assert,
  }) => {
    await writeFile(join(root, 'package.json'), '{ "prettier": { "semi": true } }\n')
    const format = (await verifying('false', () => prettierFormatter(root)))!
    assert.equal(
      await format(join(root, 'a.ts'), "export const greeting = 'hello'\n", true),
      'export const greeting = "hello";\n'
    )
  })

  test('an app whose package.json names the preset has house-style text written as it is', async ({
    assert,
    cleanup,
  }) => {
    // Inside this repository, where prettier finds the preset the package.json names.
    const tmp = join(import.meta.dirname, '../../../tmp')
    await mkdir(tmp, { recursive: true })
    const app = await mkdtemp(join(tmp, 'format-'))
    cleanup(() => rm(app, { recursive: true, force: true }))
    await writeFile(join(app, 'package.json'), '{ "prettier": "@adonisjs/prettier-config" }\n')
    // With a trailing separator, as an app's makePath() gives its root.
    const format = (await verifying('false', () => prettierFormatter(`${app}/`)))!
    const notReallyFormatted = 'export const greeting = "hello";\n'
    const path = join(app, 'modules/a/b.ts')
    assert.equal(await format(path, notReallyFormatted, true), notReallyFormatted)
    assert.equal(await format(path, notReallyFormatted), "export const greeting = 'hello'\n")
  })

  test('a config of its own in a folder between the file and the app has the text formatted', async ({
    assert,
  }) => {
    await writeFile(join(root, 'package.json'), '{ "prettier": "@adonisjs/prettier-config" }\n')
    await mkdir(join(root, 'modules/a'), { recursive: true })
    await writeFile(join(root, 'modules/a/.prettierrc'), '{ "semi": true }\n')
    const format = (await verifying('false', () => prettierFormatter(root)))!
    assert.equal(
      await format(join(root, 'modules/a/b.ts'), "export const greeting = 'hello'\n", true),
      'export const greeting = "hello";\n'
    )
    assert.equal(
      await format(join(root, 'modules/c/d.ts'), "export const greeting = 'hello'\n", true),
      "export const greeting = 'hello'\n"
    )
  })

  test('while verifying, house-style text that prettier changes fails, naming the file and line', async ({
    assert,
  }) => {
    const format = (await verifying('true', () => prettierFormatter(root)))!
    const formatted = "export const a = 'a'\n"
    assert.equal(await format(join(root, 'src/a.ts'), formatted, true), formatted)
    const message =
      'src/b.ts is rendered in the kit\'s house style, but prettier changes its line 3 from "" to "export const b = 2"'
    const broken = 'export const a = 1\n\n\nexport const b = 2\n'
    await assert.rejects(() => format(join(root, 'src/b.ts'), broken, true), message)
    // A text is checked once per process when it passes; one that failed fails every time.
    await assert.rejects(() => format(join(root, 'src/b.ts'), broken, true), message)
    assert.equal(await format(join(root, 'src/a.ts'), formatted, true), formatted)
  })
})

/**
 * Makes a formatter that checks the house style ('true', as the suite's commands do) or trusts
 * it ('false', as a user's command does).
 */
async function verifying<T>(setting: string, make: () => Promise<T>): Promise<T> {
  const before = process.env.PANTHEON_VERIFY_HOUSE_STYLE
  process.env.PANTHEON_VERIFY_HOUSE_STYLE = setting
  try {
    return await make()
  } finally {
    process.env.PANTHEON_VERIFY_HOUSE_STYLE = before
  }
}
