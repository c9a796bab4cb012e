import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, rmSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'

const run = promisify(execFile)

/** This repository's packages: tests/common/ is two folders below its root. */
const REPOSITORY_MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url))

/** Every file of an app, relative to its root, without node_modules. */
export async function appFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).replace(/\\/g, '/'))
    .filter((file) => !file.startsWith('node_modules/'))
    .sort()
}

/** A node_modules installed from each kit tarball (by contents) in this process. */
const installedModules = new Map<string, Promise<string>>()

/**
 * A node_modules folder as `npm install` would leave it for a kit tarball: a link to each
 * package this repository installed, and the kit unpacked at @pantheon/kit. One copy of every
 * other package, so the kit and the app share @adonisjs/core as they do after a real install.
 * Made once per tarball contents and process: a folder of 700 symlinks cost most of a second
 * of kernel time on some file systems, for every app.
 */
function modulesFor(tarball: string): Promise<string> {
  const key = createHash('sha256').update(readFileSync(tarball)).digest('hex')
  let modules = installedModules.get(key)
  if (!modules) {
    modules = (async () => {
      const folder = await mkdtemp(join(tmpdir(), 'pantheon-offline-modules-'))
      process.once('exit', () => rmSync(folder, { recursive: true, force: true }))
      const target = join(folder, 'node_modules')
      await mkdir(target)
      for (const entry of await readdir(REPOSITORY_MODULES)) {
        if (entry === '@pantheon' || entry.startsWith('.package-lock')) continue
        await symlink(join(REPOSITORY_MODULES, entry), join(target, entry), 'dir')
      }
      const kit = join(target, '@pantheon', 'kit')
      await mkdir(kit, { recursive: true })
      await run('tar', ['-xzf', tarball, '-C', kit, '--strip-components=1'])
      return target
    })()
    installedModules.set(key, modules)
  }
  return modules
}

/**
 * Installs an app made by `init` without the network and in a moment: its node_modules is a
 * link to the folder installed from its kit tarball (the one in vendor/ by default), shared by
 * every app installed from the same tarball. Nothing may write into it: a test that changes an
 * app's packages installs them for real (npm), as upgrade_kit.spec.ts does.
 */
export async function installOffline(appRoot: string, tarball?: string) {
  let file = tarball
  if (!file) {
    const [vendored] = await readdir(join(appRoot, 'vendor'))
    file = join(appRoot, 'vendor', vendored)
  }
  await symlink(await modulesFor(file), join(appRoot, 'node_modules'), 'dir')
}

/**
 * The lock file an app installed offline is given for its shell scripts: the same for every
 * app, so the install stamp in the shared node_modules always matches it.
 */
const OFFLINE_LOCK = `${JSON.stringify({ name: 'shop', lockfileVersion: 3, packages: {} }, null, 2)}\n`

/**
 * An app installed offline (installOffline) made ready for its own shell scripts (bin/setup.sh,
 * which .ci/run, bin/test.sh and bin/start.sh source): a package-lock.json and the stamp
 * setup.sh writes after an install from it, so the scripts take the packages as installed
 * instead of running npm, which would write into the shared node_modules.
 */
export async function settleOfflineInstall(appRoot: string) {
  await writeFile(join(appRoot, 'package-lock.json'), OFFLINE_LOCK)
  const stamp = createHash('sha256').update(OFFLINE_LOCK).digest('hex') + process.version
  await writeFile(join(appRoot, 'node_modules', '.pantheon-install-stamp'), `${stamp}\n`)
}
