import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import {
  chmod,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import app from '@adonisjs/core/services/app'

const run = promisify(execFile)

/** The loader as `node --import=@pantheon/kit/typescript` takes it from this checkout. */
const LOADER = app.makePath('app/kit/typescript_hooks.ts')

/** A tsconfig as an AdonisJS app has it: decorators with their metadata, `.js` imports. */
const TSCONFIG = JSON.stringify({
  compilerOptions: {
    target: 'ESNext',
    module: 'NodeNext',
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
  },
})

/** Runs `entry` in a folder of these files with the loader; its output, or what it printed failing. */
async function runWithLoader(
  files: Record<string, string>,
  entry: string,
  tsconfig: string | null = TSCONFIG
) {
  const folder = await mkdtemp(join(tmpdir(), 'pantheon-loader-'))
  try {
    await writeFiles(folder, files, tsconfig)
    return await runIn(folder, entry)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

async function writeFiles(
  folder: string,
  files: Record<string, string>,
  tsconfig: string | null = TSCONFIG
) {
  await writeFile(join(folder, 'package.json'), '{"type":"module"}')
  if (tsconfig !== null) await writeFile(join(folder, 'tsconfig.json'), tsconfig)
  for (const [name, source] of Object.entries(files)) {
    await mkdir(dirname(join(folder, name)), { recursive: true })
    await writeFile(join(folder, name), source)
  }
}

/** Runs `entry` in `folder` with the loader (and `env`); its output, or what it printed failing. */
async function runIn(folder: string, entry: string, env: Record<string, string> = {}) {
  try {
    const { stdout } = await run(process.execPath, [`--import=${LOADER}`, entry], {
      cwd: folder,
      env: { ...process.env, ...env },
    })
    return { ok: true, output: stdout }
  } catch (error) {
    const { stderr } = error as { stderr: string }
    return { ok: false, output: stderr }
  }
}

test.group("The kit's TypeScript loader", (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('runs decorated classes with their metadata, and `.js` imports reach the `.ts` beside them', async ({
    assert,
  }) => {
    const { ok, output } = await runWithLoader(
      {
        'main.ts': `import { Product } from './product.js'
const seen: string[] = []
function column(target: object, key: string) { seen.push(key) }
class Row { @column declare name: string }
console.log(JSON.stringify({ seen, product: new Product('Lamp').label, row: typeof Row }))`,
        'product.ts': `export class Product {
  constructor(private readonly name: string) {}
  get label(): string { return this.name.toUpperCase() }
}`,
      },
      'main.ts'
    )
    assert.isTrue(ok, output)
    assert.deepEqual(JSON.parse(output), { seen: ['name'], product: 'LAMP', row: 'function' })
  })

  test('a `.js` import reaches the `.js` file where one exists, else its `.ts`, `.tsx` or `.mts` sibling, query kept', async ({
    assert,
  }) => {
    const { ok, output } = await runWithLoader(
      {
        'main.ts': `import { from as both } from './both.js'
import { from as typed, query } from './lib/typed.js?version=2'
import { from as view } from './lib/view.js'
import { from as esm } from './lib/esm.mjs'
console.log(JSON.stringify({ both, typed, query, view, esm }))`,
        'both.js': `export const from = 'both.js'\n`,
        'both.ts': `export const from: string = 'both.ts'\n`,
        'lib/typed.ts': `export const from: string = '../' + 'lib/typed.ts'
export const query = new URL(import.meta.url).search\n`,
        'lib/view.tsx': `export const from: string = 'lib/view.tsx'\n`,
        'lib/esm.mts': `import { from as up } from '../both.js'\nexport const from: string = 'lib/esm.mts after ' + up\n`,
      },
      'main.ts'
    )
    assert.isTrue(ok, output)
    assert.deepEqual(JSON.parse(output), {
      both: 'both.js',
      typed: '../lib/typed.ts',
      query: '?version=2',
      view: 'lib/view.tsx',
      esm: 'lib/esm.mts after both.js',
    })
  })

  test('a `.js` import with neither file names the `.js` file Node looked for', async ({
    assert,
  }) => {
    const { ok, output } = await runWithLoader(
      { 'main.ts': `import './lib/missing.js'\n` },
      'main.ts'
    )
    assert.isFalse(ok)
    assert.include(output, 'ERR_MODULE_NOT_FOUND')
    assert.match(output, /lib\/missing\.js/)
  })

  test('with no tsconfig.json, compiles as ts-exec does: decorators with their metadata', async ({
    assert,
  }) => {
    const { ok, output } = await runWithLoader(
      {
        'main.ts': `const seen: unknown[] = []
Object.assign(Reflect, {
  metadata: (key: string, value: { name: string }) => () => { seen.push(key + ' ' + value.name) },
})
function column(target: object, key: unknown) { seen.push(key) }
class Row { @column declare name: string }
console.log(JSON.stringify({ seen, row: typeof Row }))`,
      },
      'main.ts',
      null
    )
    assert.isTrue(ok, output)
    assert.deepEqual(JSON.parse(output), {
      seen: ['design:type String', 'name'],
      row: 'function',
    })
  })

  test('.tsx files are compiled with the JSX runtime tsconfig.json names', async ({ assert }) => {
    const { ok, output } = await runWithLoader(
      {
        'main.ts': `import { view } from './view.js'\nconsole.log(JSON.stringify(view('Lamp')))\n`,
        'view.tsx': `export const view = (name: string) => <p title={name}>on sale</p>\n`,
        'node_modules/tiny-jsx/package.json': JSON.stringify({
          name: 'tiny-jsx',
          type: 'module',
          exports: { './jsx-runtime': './jsx_runtime.js' },
        }),
        'node_modules/tiny-jsx/jsx_runtime.js': `export const jsx = (tag, props) => ({ tag, props })\nexport const jsxs = jsx\n`,
      },
      'main.ts',
      JSON.stringify({ compilerOptions: { jsx: 'react-jsx', jsxImportSource: 'tiny-jsx' } })
    )
    assert.isTrue(ok, output)
    assert.deepEqual(JSON.parse(output), {
      tag: 'p',
      props: { title: 'Lamp', children: 'on sale' },
    })
  })

  test('an error thrown in TypeScript names its line and column in the .ts source', async ({
    assert,
  }) => {
    // The annotation erased before the throw moves it in the compiled code: only the source
    // map brings the column back.
    const { ok, output } = await runWithLoader(
      {
        'main.ts': `type Price = { cents: number }
const price: Price = { cents: 5 }

const cents: number = price.cents; throw new Error('refused at ' + cents)
`,
      },
      'main.ts'
    )
    assert.isFalse(ok)
    assert.include(output, 'refused at 5')
    assert.match(output, /main\.ts:4:42/)
  })

  test('a syntax error names the file and its line', async ({ assert }) => {
    const { ok, output } = await runWithLoader(
      { 'main.ts': `const ok = 1\nconst broken: = 2\n` },
      'main.ts'
    )
    assert.isFalse(ok)
    assert.match(output, /main\.ts:2/)
    assert.include(output, 'SyntaxError')
  })

  test('an import that names a .ts file says which option allows it', async ({ assert }) => {
    const { ok, output } = await runWithLoader(
      { 'main.ts': `import './other.ts'\n`, 'other.ts': `export const x: number = 1\n` },
      'main.ts'
    )
    assert.isFalse(ok)
    assert.include(output, 'Cannot import "./other.ts" using ".ts" extension')
    assert.include(output, 'rewriteRelativeImportExtensions')
  })
})

test.group("The kit's TypeScript loader keeps what it compiled", (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let workspace: string
  let cache: string
  let source: string
  group.each.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-loader-cache-'))
    cache = join(workspace, 'cache')
    source = join(workspace, 'app')
    await mkdir(source)
    return () => rm(workspace, { recursive: true, force: true })
  })

  /** The entries of the cache folder: one per compiled source (not the pruning stamp). */
  const entries = async () => {
    const names = await readdir(cache).catch(() => [])
    return names.filter((name) => name !== '.pruned').sort()
  }
  /** Runs `entry` of `folder` with the loader keeping its output in `cache`. */
  const runCached = (folder: string, entry: string) =>
    runIn(folder, entry, { PANTHEON_TYPESCRIPT_CACHE: cache })

  test('a second start takes the compiled code from the folder, and a changed source is compiled again', async ({
    assert,
  }) => {
    await writeFiles(source, { 'main.ts': `const label: string = 'first'\nconsole.log(label)\n` })
    assert.deepEqual(await runCached(source, 'main.ts'), {
      ok: true,
      output: 'first\n',
    })
    const [entry] = await entries()
    assert.lengthOf(await entries(), 1)

    // The entry, changed behind the loader's back, is what the next start runs: it read the
    // folder instead of compiling.
    const kept = await readFile(join(cache, entry), 'utf8')
    await writeFile(join(cache, entry), kept.replace("'first'", "'from the cache'"))
    assert.deepEqual(await runCached(source, 'main.ts'), { ok: true, output: 'from the cache\n' })

    await writeFile(join(source, 'main.ts'), `const label: string = 'second'\nconsole.log(label)\n`)
    assert.deepEqual(await runCached(source, 'main.ts'), { ok: true, output: 'second\n' })
    assert.lengthOf(await entries(), 2)
  })

  test('a copy of the app elsewhere reuses the entries, and its errors name its own files', async ({
    assert,
  }) => {
    await writeFiles(source, {
      'main.ts': `import { refuse } from './refuse.js'\nrefuse()\n`,
      'refuse.ts': `type Price = { cents: number }\nconst price: Price = { cents: 5 }\n\nexport function refuse(): never { const cents: number = price.cents; throw new Error('refused at ' + cents) }\n`,
    })
    const first = await runCached(source, 'main.ts')
    assert.isFalse(first.ok)
    const kept = await entries()
    assert.lengthOf(kept, 2)

    const copy = join(workspace, 'copy')
    await cp(source, copy, { recursive: true })
    const second = await runCached(copy, 'main.ts')
    assert.deepEqual(await entries(), kept)
    assert.include(second.output, 'refused at 5')
    // The source map read back from the folder points into the copy, at the line and column
    // of the throw in the TypeScript source.
    assert.include(second.output, `${join(copy, 'refuse.ts')}:4:76`)
    assert.notInclude(second.output, join(source, 'refuse.ts'))
  })

  test('PANTHEON_TYPESCRIPT_CACHE=false keeps nothing', async ({ assert }) => {
    await writeFiles(source, {
      'main.ts': `const label: string = 'kept nowhere'\nconsole.log(label)\n`,
    })
    const result = await runIn(source, 'main.ts', { PANTHEON_TYPESCRIPT_CACHE: 'false' })
    assert.deepEqual(result, { ok: true, output: 'kept nowhere\n' })
    assert.deepEqual(await entries(), [])
  })

  test('a syntax error is not kept: fixed, the file runs', async ({ assert }) => {
    await writeFiles(source, { 'main.ts': `const broken: = 2\n` })
    const broken = await runCached(source, 'main.ts')
    assert.isFalse(broken.ok)
    assert.include(broken.output, 'SyntaxError')
    assert.deepEqual(await entries(), [])
    await writeFile(join(source, 'main.ts'), `const fixed: number = 2\nconsole.log(fixed)\n`)
    assert.deepEqual(await runCached(source, 'main.ts'), {
      ok: true,
      output: '2\n',
    })
  })

  const DAY_MS = 24 * 60 * 60 * 1000
  /** A file of the folder last read `readDaysAgo` and last written `writtenDaysAgo` days ago. */
  const aged = async (name: string, writtenDaysAgo: number, readDaysAgo = writtenDaysAgo) => {
    await writeFile(join(cache, name), 'kept output\n')
    const day = (days: number) => new Date(Date.now() - days * DAY_MS)
    await utimes(join(cache, name), day(readDaysAgo), day(writtenDaysAgo))
  }
  /** A source the folder has no entry for yet, so that the run writes one. */
  const newSource = (label: string) =>
    writeFiles(source, { 'main.ts': `const label: string = '${label}'\nconsole.log(label)\n` })

  test('the first writing process of a day removes entries unused for 30 days and half-written ones', async ({
    assert,
  }) => {
    await newSource('first')
    await runCached(source, 'main.ts')
    const [current] = await entries()
    const unused = 'a'.repeat(64)
    const recent = 'b'.repeat(64)
    const readLately = 'd'.repeat(64)
    const halfWritten = `${'c'.repeat(64)}.4242.partial`
    const beingWritten = `${'e'.repeat(64)}.4343.partial`
    // Not the loader's: kept whatever its age.
    const foreign = 'notes.txt'
    await aged(unused, 31)
    await aged(recent, 29)
    await aged(readLately, 40, 2)
    await aged(halfWritten, 2)
    await aged(beingWritten, 0.5)
    await aged(foreign, 400)
    await aged('.pruned', 1.5)

    await newSource('second')
    assert.deepEqual(await runCached(source, 'main.ts'), { ok: true, output: 'second\n' })
    const left = await entries()
    assert.includeMembers(left, [current, recent, readLately, beingWritten, foreign])
    assert.notInclude(left, unused)
    assert.notInclude(left, halfWritten)
    assert.lengthOf(left, 6, "the five kept and the changed source's new entry")
    const stamp = await stat(join(cache, '.pruned'))
    assert.isAbove(stamp.mtimeMs, Date.now() - 60_000, 'the stamp says it was pruned now')
  })

  test('the folder is pruned at most once a day, and a stamp from the future does not hold it off', async ({
    assert,
  }) => {
    await newSource('first')
    await runCached(source, 'main.ts')
    const unused = 'a'.repeat(64)
    await aged(unused, 31)
    await newSource('second')
    assert.deepEqual(await runCached(source, 'main.ts'), { ok: true, output: 'second\n' })
    assert.include(await entries(), unused, 'pruned by the first run already today')

    await aged('.pruned', -3)
    await newSource('third')
    assert.deepEqual(await runCached(source, 'main.ts'), { ok: true, output: 'third\n' })
    assert.notInclude(await entries(), unused)
  })

  test('a folder others may write to is neither read nor written', async ({ assert }) => {
    await newSource('first')
    await runCached(source, 'main.ts')
    const [entry] = await entries()
    // What another user could have put there: were it read, the run would print it.
    const kept = await readFile(join(cache, entry), 'utf8')
    await writeFile(join(cache, entry), kept.replace("'first'", "'planted'"))
    await chmod(cache, 0o777)

    assert.deepEqual(await runCached(source, 'main.ts'), { ok: true, output: 'first\n' })
    await newSource('second')
    assert.deepEqual(await runCached(source, 'main.ts'), { ok: true, output: 'second\n' })
    assert.deepEqual(await entries(), [entry])
  })
})
