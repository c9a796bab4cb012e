import { globSync } from 'node:fs'
import { join } from 'node:path'

/**
 * What `init` copies from this app into a new one: the host, the building blocks, the
 * scaffolding commands and their stubs, and the solution-level tests — never a module, and
 * never anything a run leaves behind (node_modules, tmp, build, .tools).
 */
const TEMPLATE_FILES = [
  'adonisrc.ts',
  'ace.js',
  'tsconfig.json',
  '.gitignore',
  '.env.example',
  '.ci/run',
  'tests/bootstrap.ts',
  'tests/integration/unit_of_work.spec.ts',
  'tests/integration/host_process.spec.ts',
]

const TEMPLATE_FOLDERS = [
  'bin',
  'database',
  'config',
  'start',
  'app/building_blocks',
  'app/exceptions',
  'app/host',
  'app/middleware',
  'app/providers',
  'app/scaffolding',
  'commands',
  'stubs',
  'docs',
  'tests/common',
  'tests/unit/building_blocks',
  'tests/unit/scaffolding',
  'tests/architecture',
  'tests/integration/scaffolding',
]

/** Files written anew for each app rather than copied. */
export const GENERATED_FILES = ['package.json', 'package-lock.json', 'README.md']

/** Every template file, relative to the app root, sorted. */
export function templateFiles(appRoot: string): string[] {
  const inFolders = TEMPLATE_FOLDERS.flatMap((folder) =>
    globSync('**/*', { cwd: join(appRoot, folder), withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(folder, entry.parentPath.slice(join(appRoot, folder).length), entry.name))
  )
  return [...TEMPLATE_FILES, ...inFolders].map((file) => file.replace(/\\/g, '/')).sort()
}

/** package.json of the new app: this one's dependencies and scripts under the app's name. */
export function appPackageJson(source: string, packageName: string, appName: string): string {
  const manifest = JSON.parse(source)
  manifest.name = packageName
  manifest.version = '0.1.0'
  manifest.description = `${appName}: a Pantheon modular monolith`
  // The benchmarks measure this repository's Catalog module; a new app has neither.
  for (const [name, script] of Object.entries(manifest.scripts ?? {})) {
    if (String(script).includes('bench/')) delete manifest.scripts[name]
  }
  return `${JSON.stringify(manifest, null, 2)}\n`
}

/** The lock file under the new name, so `npm ci` installs exactly what this app was tested with. */
export function appPackageLock(source: string, packageName: string): string {
  const lock = JSON.parse(source)
  lock.name = packageName
  if (lock.packages?.['']) {
    lock.packages[''].name = packageName
    lock.packages[''].version = '0.1.0'
  }
  lock.version = '0.1.0'
  return `${JSON.stringify(lock, null, 2)}\n`
}
