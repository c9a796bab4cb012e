import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, globSync, statSync } from 'node:fs'
import {
  copyFile,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  writeFile,
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { kitVersionRanges, type KitManifest } from '../kit/kit_root.js'

/** The app's own files (entry points, config, tests/bootstrap…), as stubs under stubs/pantheon/app/. */
export function appTemplateStubs(stubsRoot: string): string[] {
  return globSync('app/**/*.stub', { cwd: join(stubsRoot, 'pantheon') })
    .map((file) => file.replace(/\\/g, '/'))
    .sort()
}

/** Shell scripts among the written files get the executable bit. */
export const EXECUTABLE = /(^|\/)(bin\/[^/]+\.sh|\.ci\/run)$/

/** What the app imports itself at run time; the kit declares them too, the app pins them. */
const RUNTIME_PACKAGES = [
  '@adonisjs/core',
  '@adonisjs/limiter',
  '@adonisjs/lucid',
  '@adonisjs/redis',
  '@vinejs/vine',
  'better-sqlite3',
  'luxon',
  'pg',
  'reflect-metadata',
]

/**
 * Needed to develop, test and scaffold, never in production: the generators (ts-morph, tempura,
 * diff, yaml, and prettier, which formats what they write) and the architecture tests'
 * dependency-cruiser are the kit's optional peers, so only development installs bring them;
 * eslint and the AdonisJS eslint and prettier presets lint and format the app. The AsyncAPI
 * viewer of the /docs pages (@asyncapi/react-component, about 60 packages) is another optional
 * peer: the pages are a development tool, and a production install links the raw documents.
 */
const DEVELOPMENT_PACKAGES = [
  '@adonisjs/assembler',
  '@adonisjs/eslint-config',
  '@adonisjs/prettier-config',
  '@adonisjs/tsconfig',
  '@asyncapi/react-component',
  '@japa/api-client',
  '@japa/assert',
  '@japa/expect-type',
  '@japa/plugin-adonisjs',
  '@japa/runner',
  '@poppinss/ts-exec',
  '@redocly/cli',
  '@types/luxon',
  '@types/node',
  '@types/pg',
  'dependency-cruiser',
  'diff',
  'eslint',
  'pino-pretty',
  'prettier',
  'tempura',
  'ts-morph',
  'tsgo',
  'typescript',
  'yaml',
  'youch',
]

function pick(names: string[], kit: KitManifest): Record<string, string> {
  const ranges = kitVersionRanges(kit)
  return Object.fromEntries(
    names.map((name) => {
      const range = ranges[name]
      if (!range) throw new Error(`${kit.name} ${kit.version} names no version of ${name}`)
      return [name, range]
    })
  )
}

/** package.json of a new app: the kit as a dependency, at the version ranges the kit is tested with. */
export function appPackageJson(options: {
  packageName: string
  appName: string
  kit: KitManifest
  kitDependency: string
}): string {
  const { packageName, appName, kit, kitDependency } = options
  const manifest = {
    name: packageName,
    version: '0.1.0',
    private: true,
    type: 'module',
    description: `${appName}: a Pantheon modular monolith`,
    engines: { node: '>=24' },
    scripts: {
      start: 'node bin/server.js',
      dev: 'node ace serve',
      build: 'node ace build',
      test: 'node ace test',
      typecheck: 'tsc --noEmit',
      lint: 'eslint .',
      format: 'prettier --write .',
    },
    imports: {
      '#modules/*': './modules/*.js',
      '#generated/*': './.adonisjs/server/*.js',
      '#database/*': './database/*.js',
      '#tests/*': './tests/*.js',
      '#start/*': './start/*.js',
      '#config/*': './config/*.js',
      // start/kernel.ts registers app/exceptions/handler.ts through it, as AdonisJS apps do.
      '#exceptions/*': './app/exceptions/*.js',
    },
    dependencies: { [kit.name]: kitDependency, ...pick(RUNTIME_PACKAGES, kit) },
    devDependencies: pick(DEVELOPMENT_PACKAGES, kit),
    prettier: '@adonisjs/prettier-config',
    // @scarf/scarf, which swagger-ui-dist and @asyncapi/parser depend on, reports each install
    // to scarf.sh from its install script unless the app's package.json says no.
    scarfSettings: { enabled: false },
  }
  return `${JSON.stringify(manifest, null, 2)}\n`
}

/** In a source checkout of the kit, the README written for the package's users. */
const PACKAGE_README = join('docs', 'package', 'README.md')

/**
 * Packs the kit into `destination` and returns the tarball's file name: an installed kit as it
 * is, a source checkout from a staged copy whose README is the package's own (npm always ships
 * the root README, which in the checkout is the contributors'). dist/ is compiled by
 * bin/setup.sh before any `node ace` call of the checkout, so packing does not build it again.
 * npm packs the same files into the same bytes (it fixes every entry's date), so a tarball is
 * kept in the OS temp folder under a hash of what it holds and copied from there while the kit
 * is unchanged: every `init` after the first skips npm's seconds of packing.
 */
export async function packKit(kitRoot: string, destination: string): Promise<string> {
  const readme = existsSync(join(kitRoot, PACKAGE_README)) ? PACKAGE_README : undefined
  const kept = join(tmpdir(), 'pantheon-kit-tarballs', await packedContentKey(kitRoot, readme))
  if (!existsSync(kept)) await keepTarball(kept, await npmPack(kitRoot, readme))
  const keptFiles = await readdir(kept)
  const filename = keptFiles.find((file) => file.endsWith('.tgz'))!
  await copyFile(join(kept, filename), join(destination, filename))
  return filename
}

/** The tarball npm packs from the kit, in a temp folder of its own. */
async function npmPack(kitRoot: string, readme: string | undefined): Promise<string> {
  const staged = readme ? await stagePackage(kitRoot) : undefined
  const packed = await mkdtemp(join(tmpdir(), 'pantheon-kit-pack-'))
  try {
    await promisify(execFile)(
      'npm',
      ['pack', '--ignore-scripts', '--json', '--pack-destination', packed],
      { cwd: staged ?? kitRoot, maxBuffer: 20 * 1024 * 1024 }
    )
    return packed
  } catch (error) {
    await rm(packed, { recursive: true, force: true })
    throw error
  } finally {
    if (staged) await rm(staged, { recursive: true, force: true })
  }
}

/**
 * Moves a packed folder to where it is kept. Another process may have kept the same tarball a
 * moment earlier; the rename of a whole folder means a kept folder is never seen half-written.
 */
async function keepTarball(kept: string, packed: string) {
  await mkdir(dirname(kept), { recursive: true })
  try {
    await rename(packed, kept)
  } catch (error) {
    await rm(packed, { recursive: true, force: true })
    if (!existsSync(kept)) throw error
  }
}

/** A hash of every file the package is made of: its manifest, READMEs and the `files` it lists. */
async function packedContentKey(kitRoot: string, readme: string | undefined): Promise<string> {
  const manifest = JSON.parse(await readFile(join(kitRoot, 'package.json'), 'utf8')) as {
    files?: string[]
  }
  const tops = ['package.json', 'README.md', 'LICENSE', ...(readme ? [readme] : [])]
  const patterns = (manifest.files ?? []).flatMap((file) =>
    file.includes('*') ? [file] : [file, `${file.replace(/\/$/, '')}/**`]
  )
  const files = [...tops, ...patterns.flatMap((pattern) => globSync(pattern, { cwd: kitRoot }))]
  const hash = createHash('sha256')
  for (const file of [...new Set(files)].sort()) {
    const path = join(kitRoot, file)
    if (!existsSync(path) || !statSync(path).isFile()) continue
    hash
      .update(file)
      .update('\0')
      .update(await readFile(path))
      .update('\0')
  }
  return hash.digest('hex').slice(0, 32)
}

/** A temp copy of what the package ships from a source checkout; npm applies `files` to it. */
async function stagePackage(kitRoot: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'pantheon-kit-package-'))
  const manifest = JSON.parse(await readFile(join(kitRoot, 'package.json'), 'utf8')) as {
    files: string[]
  } & Record<string, unknown>
  const tops = new Set(['LICENSE', ...manifest.files.map((file) => file.split('/')[0])])
  for (const top of tops) {
    if (existsSync(join(kitRoot, top))) {
      await cp(join(kitRoot, top), join(folder, top), { recursive: true })
    }
  }
  await writeFile(join(folder, 'package.json'), publishedManifest(manifest))
  await cp(join(kitRoot, PACKAGE_README), join(folder, 'README.md'))
  return folder
}

/**
 * The package's manifest from the checkout's: there, every export names a source file (as
 * `.js`, which the TypeScript loader and tsc take to the `.ts` beside it; the loader itself as
 * its `.ts`, which Node strips of its types), so the reference app
 * runs the kit's sources with no build; the package exports the compiled files in dist/ and
 * their declarations. The checkout's `imports` aliases, scripts and knip configuration are its
 * own and stay out.
 */
function publishedManifest(manifest: Record<string, unknown>): string {
  const exports = manifest.exports as Record<string, string>
  const compiled = Object.fromEntries(
    Object.entries(exports).map(([subpath, target]) =>
      /^\.\/(app|commands)\/.*\.[jt]s$/.test(target)
        ? [
            subpath,
            {
              types: target.replace(/^\.\//, './dist/').replace(/\.[jt]s$/, '.d.ts'),
              default: target.replace(/^\.\//, './dist/').replace(/\.ts$/, '.js'),
            },
          ]
        : [subpath, target]
    )
  )
  const published: Record<string, unknown> = { ...manifest, exports: compiled }
  delete published.imports
  // The checkout's scripts build and test the checkout; prepublishOnly refuses its manifest.
  delete published.scripts
  delete published.knip
  return `${JSON.stringify(published, null, 2)}\n`
}
