import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { packKit } from '#kit/scaffolding/app_template'
import { appFiles } from '#tests/common/kit_app'

const run = promisify(execFile)
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** What an app's upgrade may rewrite or a run may write: installed packages and their lock, caches. */
const NOT_THE_APPS_OWN = /^(node_modules|tmp|\.adonisjs)\/|^package(-lock)?\.json$/

/** sha256 of every file the app owns (its sources, config, tests, vendor/), by relative path. */
export async function hashAppFiles(root: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {}
  for (const file of await appFiles(root)) {
    if (NOT_THE_APPS_OWN.test(file)) continue
    hashes[file] = createHash('sha256')
      .update(await readFile(join(root, file)))
      .digest('hex')
  }
  return hashes
}

/**
 * Runs npm in `cwd` as a developer would: development dependencies included (NODE_ENV is not
 * production), and native modules built against this Node's headers when npm_config_nodedir is
 * set (bin/node24.sh sets it when it supplies Node 24). Fails with npm's output.
 */
export async function npm(cwd: string, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development' }
  if (process.env.npm_config_nodedir) env.npm_config_nodedir = process.env.npm_config_nodedir
  try {
    return await run(NPM, args, { cwd, env, maxBuffer: 20 * 1024 * 1024, timeout: 300_000 })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`npm ${args.join(' ')} failed in ${cwd}:\n${stdout}\n${stderr}`)
  }
}

/** 0.2.0 → 0.2.1 */
export function nextPatch(version: string): string {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version)
  if (!match) throw new Error(`${version} is not a plain major.minor.patch version`)
  return `${match[1]}.${match[2]}.${Number(match[3]) + 1}`
}

/** The files of a package tarball, relative to its package/ folder, sorted. */
export async function tarballFiles(tarball: string): Promise<string[]> {
  const { stdout } = await run('tar', ['-tzf', tarball], { maxBuffer: 20 * 1024 * 1024 })
  return stdout
    .split('\n')
    .filter((line) => line.length > 0 && !line.endsWith('/'))
    .map((line) => line.replace(/^package\//, ''))
    .sort()
}

/** A change to one file of the kit package: `find` must occur in it exactly once. */
export interface KitPatch {
  file: string
  find: string
  replace: string
}

export interface KitRelease {
  version: string
  tarball: string
  /** The unpacked and patched package folder the tarball was packed from. */
  folder: string
}

/**
 * Makes the kit's next patch release out of a released tarball, as a maintainer would publish a
 * fix: the package unpacked, one compiled file changed, the version bumped, packed again (with
 * --ignore-scripts: the package's prepack builds from sources a package does not hold).
 */
export async function releasePatch(
  tarball: string,
  destination: string,
  patch: KitPatch
): Promise<KitRelease> {
  const folder = join(destination, 'kit-next')
  await mkdir(folder, { recursive: true })
  await run('tar', ['-xzf', tarball, '-C', folder, '--strip-components=1'])

  const target = join(folder, patch.file)
  const source = await readFile(target, 'utf8')
  const occurrences = source.split(patch.find).length - 1
  if (occurrences !== 1)
    throw new Error(`${patch.file} holds ${occurrences} copies of the text to patch, not 1`)
  await writeFile(target, source.replace(patch.find, patch.replace))

  const manifestPath = join(folder, 'package.json')
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { version: string }
  manifest.version = nextPatch(manifest.version)
  await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)

  const packed = await packKit(folder, destination)
  return { version: manifest.version, tarball: join(destination, packed), folder }
}
