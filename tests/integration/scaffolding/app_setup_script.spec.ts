import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import app from '@adonisjs/core/services/app'
import { renderStub } from '#kit/scaffolding/render_stub'

const run = promisify(execFile)

/** A package no registry and no cache holds: an `npm ci` that reaches for it fails at once. */
const LOCKED = { name: 'pantheon-absent-package', version: '1.0.0' }

function lockFile(version: string) {
  return {
    name: 'shop',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: 'shop', dependencies: { [LOCKED.name]: LOCKED.version } },
      [`node_modules/${LOCKED.name}`]: {
        version,
        resolved: `https://registry.npmjs.org/${LOCKED.name}/-/${LOCKED.name}-${version}.tgz`,
      },
    },
  }
}

/**
 * The app's bin/setup.sh, sourced as bin/start.sh and bin/test.sh source it, in an app whose
 * node_modules npm's own record says holds `installed`. npm runs offline, so an install fails
 * at once instead of reaching the registry.
 */
async function sourceSetup(root: string, installed: string) {
  for (const stub of ['app/bin/setup.sh.stub', 'app/bin/node24.sh.stub']) {
    const { destination, contents } = await renderStub(app, stub, { target: root })
    await mkdir(dirname(destination), { recursive: true })
    await writeFile(destination, contents)
  }
  await writeFile(
    join(root, 'package.json'),
    JSON.stringify({ name: 'shop', private: true, dependencies: { [LOCKED.name]: LOCKED.version } })
  )
  await writeFile(join(root, 'package-lock.json'), JSON.stringify(lockFile(LOCKED.version)))
  await mkdir(join(root, 'node_modules', LOCKED.name), { recursive: true })
  await writeFile(
    join(root, 'node_modules/.package-lock.json'),
    JSON.stringify(lockFile(installed))
  )
  try {
    const { stderr } = await run('bash', ['-c', 'source bin/setup.sh'], {
      cwd: root,
      env: {
        ...process.env,
        PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
        npm_config_offline: 'true',
        npm_config_cache: join(root, 'npm-cache'),
      },
    })
    return { exitCode: 0, stderr }
  } catch (error) {
    const { code, stderr } = error as { code: number; stderr: string }
    return { exitCode: code, stderr }
  }
}

test.group("An app's bin/setup.sh", (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let root: string
  group.each.setup(async () => {
    root = await mkdtemp(join(tmpdir(), 'pantheon-setup-script-'))
    return () => rm(root, { recursive: true, force: true })
  })

  test('takes the node_modules that npm install or npm ci made from the same lock file', async ({
    assert,
  }) => {
    const { exitCode, stderr } = await sourceSetup(root, LOCKED.version)
    assert.equal(exitCode, 0, stderr)
    assert.include(stderr, 'Using the npm packages already installed from package-lock.json')
    assert.notInclude(stderr, 'npm ci')
    assert.isTrue(existsSync(join(root, 'node_modules/.pantheon-install-stamp')))
  })

  test('installs again when what is installed differs from the lock file', async ({ assert }) => {
    const { exitCode, stderr } = await sourceSetup(root, '0.9.0')
    assert.notEqual(exitCode, 0)
    assert.include(stderr, 'Installing npm packages (npm ci')
    assert.isFalse(existsSync(join(root, 'node_modules/.pantheon-install-stamp')))
  })
})
