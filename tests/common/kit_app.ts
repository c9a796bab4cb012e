import { execFile } from 'node:child_process'
import { mkdir, readdir, symlink } from 'node:fs/promises'
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

/**
 * Installs an app made by `init` without the network and in seconds: its node_modules holds a
 * link to each package this repository installed, and the kit unpacked from the app's own
 * vendor/ tarball (what `npm install` would put there). One copy of every other package, so
 * the kit and the app share @adonisjs/core as they do after a real install.
 */
export async function installOffline(appRoot: string, tarball?: string) {
  const modules = join(appRoot, 'node_modules')
  await mkdir(modules, { recursive: true })
  for (const entry of await readdir(REPOSITORY_MODULES)) {
    if (entry === '@pantheon' || entry.startsWith('.package-lock')) continue
    await symlink(join(REPOSITORY_MODULES, entry), join(modules, entry), 'dir')
  }
  await unpackKit(appRoot, tarball)
}

/** Puts a kit tarball (the one in vendor/ by default) at node_modules/@pantheon/kit. */
export async function unpackKit(appRoot: string, tarball?: string) {
  let file = tarball
  if (!file) {
    const [vendored] = await readdir(join(appRoot, 'vendor'))
    file = join(appRoot, 'vendor', vendored)
  }
  const target = join(appRoot, 'node_modules', '@pantheon', 'kit')
  await run('rm', ['-rf', target])
  await mkdir(target, { recursive: true })
  await run('tar', ['-xzf', file, '-C', target, '--strip-components=1'])
}
