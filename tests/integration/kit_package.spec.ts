import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import app from '@adonisjs/core/services/app'
import { packKit } from '#kit/scaffolding/app_template'
import { tarballFiles } from '#tests/common/kit_release'

const run = promisify(execFile)

/** What the kit's build and pack read from the checkout. */
const CHECKOUT = [
  'package.json',
  'tsconfig.json',
  'CHANGELOG.md',
  'LICENSE',
  'app',
  'bin',
  'commands',
  'stubs',
  'docs/package',
]

/** One file of a package tarball, as text. */
async function fileOf(tarball: string, file: string): Promise<string> {
  const { stdout } = await run('tar', ['-xzOf', tarball, `package/${file}`], {
    maxBuffer: 20 * 1024 * 1024,
  })
  return stdout
}

test.group('The kit as a package', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let workspace: string
  let tarball: string
  group.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-kit-package-test-'))
    tarball = join(workspace, await packKit(app.makePath(), workspace))
    return () => rm(workspace, { recursive: true, force: true })
  })

  test('ships its license, a README for its users, and where to find and report it', async ({
    assert,
  }) => {
    const files = await tarballFiles(tarball)
    assert.includeMembers(files, ['LICENSE', 'README.md', 'CHANGELOG.md', 'package.json'])
    assert.match(await fileOf(tarball, 'LICENSE'), /^MIT License/)
    const readme = await fileOf(tarball, 'README.md')
    assert.match(readme, /^# @pantheon\/kit\n/)
    assert.include(readme, 'npm install @pantheon/kit')
    assert.notInclude(readme, 'bin/test.sh', "the contributors' README stays in the repository")

    const manifest = JSON.parse(await fileOf(tarball, 'package.json')) as Record<string, unknown>
    assert.equal(manifest.license, 'MIT')
    assert.properties(manifest, ['repository', 'homepage', 'bugs'])
  })

  test('exports the compiled files it holds, with their declarations, where the checkout exports sources', async ({
    assert,
  }) => {
    const files = await tarballFiles(tarball)
    const manifest = JSON.parse(await fileOf(tarball, 'package.json')) as {
      exports: Record<string, string | { types: string; default: string }>
      scripts?: unknown
      imports?: unknown
    }
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (subpath === './package.json') continue
      assert.isObject(target, subpath)
      const { types, default: compiled } = target as { types: string; default: string }
      assert.match(compiled, /^\.\/dist\/.*\.js$/, subpath)
      assert.include(files, compiled.slice(2), subpath)
      assert.include(files, types.slice(2), subpath)
    }
    assert.notProperty(manifest, 'imports')
    assert.notProperty(manifest, 'scripts')
  })

  test('ships declaration maps and source maps that lead to the TypeScript sources it holds', async ({
    assert,
  }) => {
    const files = await tarballFiles(tarball)
    assert.includeMembers(files, [
      'dist/app/kit/main.js.map',
      'dist/app/kit/main.d.ts.map',
      'app/kit/main.ts',
      'commands/init.ts',
    ])
    const declarationMap = JSON.parse(await fileOf(tarball, 'dist/app/kit/main.d.ts.map')) as {
      sources: string[]
    }
    assert.deepEqual(declarationMap.sources, ['../../../app/kit/main.ts'])
    const kitTests = files.filter((file) => /^(dist\/)?(tests|modules|bench)\//.test(file))
    assert.deepEqual(kitTests, [], 'neither the kit tests nor the reference app ship')
  })

  test('npm pack --json prints npm JSON alone, the build of its prepack going to stderr', async ({
    assert,
  }) => {
    // A copy of the checkout: the prepack rebuilds dist/, which this run and the end-to-end
    // suite beside it are reading.
    const checkout = join(workspace, 'checkout')
    for (const entry of CHECKOUT) {
      await cp(app.makePath(entry), join(checkout, entry), { recursive: true })
    }
    await symlink(app.makePath('node_modules'), join(checkout, 'node_modules'), 'dir')
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json'], {
      cwd: checkout,
      maxBuffer: 20 * 1024 * 1024,
    })
    const [packed] = JSON.parse(stdout) as Array<{ name: string }>
    assert.equal(packed.name, '@pantheon/kit')
  })
    .tags(['@slow'], 'append')
    .timeout(120_000)
})

test.group('The kit in its own checkout', (group) => {
  group.tap((t) => t.tags(['@any-database']))

  test('the reference app and its tests run the kit from its sources, with no build', async ({
    assert,
  }) => {
    const sources = pathToFileURL(app.makePath('app/')).href
    for (const subpath of ['application', 'http', 'messaging', 'provider', 'commands']) {
      const resolved = import.meta.resolve(`@pantheon/kit/${subpath}`)
      assert.isTrue(resolved.endsWith('.ts'), `@pantheon/kit/${subpath} resolved to ${resolved}`)
      assert.notInclude(resolved, '/dist/', `@pantheon/kit/${subpath}`)
    }
    assert.isTrue(import.meta.resolve('@pantheon/kit/application').startsWith(sources))
    // The aliases of the kit's own tests reach the same files, so classes are never doubled.
    assert.equal(
      import.meta.resolve('#kit/building_blocks/application/index'),
      import.meta.resolve('@pantheon/kit/application')
    )
  })
})

test.group('The packed kit kept between inits', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let workspace: string
  group.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-kit-kept-test-'))
    return () => rm(workspace, { recursive: true, force: true })
  })

  test('is packed again when a file it holds changed, and is the same bytes when none did', async ({
    assert,
  }) => {
    // A kit of its own with content no other run has, so no tarball of it is kept yet.
    const kit = join(workspace, 'kit')
    const unique = `${process.pid}-${Date.now()}`
    await mkdir(join(kit, 'dist'), { recursive: true })
    await writeFile(
      join(kit, 'package.json'),
      JSON.stringify({ name: 'kept-kit', version: '1.0.0', files: ['dist'] })
    )
    await writeFile(join(kit, 'dist/main.js'), `export const made = '${unique} first'\n`)
    const packInto = async (name: string) => {
      const folder = join(workspace, name)
      await mkdir(folder)
      return join(folder, await packKit(kit, folder))
    }

    const first = await packInto('first')
    const again = await packInto('again')
    assert.deepEqual(await readFile(again), await readFile(first))

    await writeFile(join(kit, 'dist/main.js'), `export const made = '${unique} changed'\n`)
    const changed = await packInto('changed')
    assert.equal(await fileOf(changed, 'dist/main.js'), `export const made = '${unique} changed'\n`)
    assert.equal(await fileOf(first, 'dist/main.js'), `export const made = '${unique} first'\n`)
  }).timeout(60_000)
})
