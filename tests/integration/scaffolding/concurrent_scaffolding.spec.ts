import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { dirname } from 'node:path'
import AddEntity from '#commands/add_entity'
import AddModule from '#commands/add_module'
import PantheonIndex from '#commands/pantheon_index'
import { LOCK_WAIT_ENV } from '#kit/scaffolding/command_lock'
import { snakeCase } from '#kit/scaffolding/names'
import { LOCK_PATH, type LockHolder } from '#kit/scaffolding/scaffold_lock'
import { scaffoldingApp, type ScaffoldingApp } from '#tests/common/scaffolding'

const MODULE = 'Warehouse'
const FOLDER = 'warehouse'

/** Two entities per round, added at the same time in the same module. */
const ROUNDS = [
  ['Bolt', 'Nut'],
  ['Gear', 'Spring'],
  ['Lever', 'Pulley'],
]

interface Exit {
  code: number
  output: string
}

/**
 * `node ace <args>` as a process of its own in the app, as a user runs it: the race is between
 * processes, so in-process commands could never show it.
 */
function ace(root: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Exit> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['ace', ...args],
      { cwd: root, env: { ...process.env, NODE_ENV: 'development', ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        resolve({ code, output: `${stdout}\n${stderr}` })
      }
    )
  })
}

const addEntity = (root: string, name: string) =>
  ace(root, ['add-entity', name, '--module', MODULE, '--properties', 'Label:string'])

/** The pid of a process that has exited: nothing runs under it any more. */
function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['-e', ''], (error) =>
      error ? reject(error) : resolve(child.pid!)
    )
  })
}

/** A lock file as a command writes it, held by `pid` on this host. */
async function holdLock(root: string, pid: number, command = 'add-entity Held') {
  const holder: LockHolder = {
    pid,
    host: hostname(),
    command,
    startedAt: Date.now(),
    token: 'held-by-the-test',
  }
  const path = `${root}/${LOCK_PATH}`
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, JSON.stringify(holder))
  return path
}

/** Sets the lock's wait bound for commands run in this process; returns the undo. */
function waitBound(ms: number) {
  const before = process.env[LOCK_WAIT_ENV]
  process.env[LOCK_WAIT_ENV] = String(ms)
  return () => {
    if (before === undefined) delete process.env[LOCK_WAIT_ENV]
    else process.env[LOCK_WAIT_ENV] = before
  }
}

test.group('Scaffolding commands run at the same time in one app', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let shop: ScaffoldingApp
  const registration = () =>
    readFile(shop.path('modules', FOLDER, 'infrastructure', `${FOLDER}_module.ts`), 'utf8')
  const recordedFiles = async () => {
    const record = await readFile(shop.path('modules', FOLDER, 'generated_files.json'), 'utf8')
    return Object.keys((JSON.parse(record) as { files: Record<string, string> }).files)
  }

  const addCrate = () =>
    shop.run(AddEntity, ['Crate', '--module', MODULE, '--properties', 'Label:string'])

  group.each.setup(async () => {
    shop = await scaffoldingApp()
    await shop.run(AddModule, [MODULE])
    return () => shop.remove()
  })

  test('two add-entity in one module both keep their edits, round after round', async ({
    assert,
  }) => {
    for (const round of ROUNDS) {
      const exits = await Promise.all(round.map((name) => addEntity(shop.root, name)))
      for (const [index, exit] of exits.entries()) {
        assert.equal(exit.code, 0, `add-entity ${round[index]} failed:\n${exit.output}`)
      }
      const module = await registration()
      const files = await recordedFiles()
      for (const name of round) {
        const snake = snakeCase(name)
        assert.include(module, `${name}Repository,`, `${name}'s repository is not registered`)
        assert.includeMembers(files, [
          `domain/${snake}.ts`,
          `infrastructure/persistence/lucid_${snake}_repository.ts`,
        ])
      }
      assert.isFalse(existsSync(shop.path(LOCK_PATH)), 'the lock was left behind')
    }
  })
    .tags(['@slow'], 'append')
    .timeout(300_000)

  test('takes over the lock of a command whose process died, and says so', async ({ assert }) => {
    const pid = await deadPid()
    await holdLock(shop.root, pid)

    const { exitCode, output } = await addCrate()

    assert.equal(exitCode, 0, output)
    assert.include(
      output,
      `Took over the scaffolding lock of "add-entity Held" (pid ${pid}): its process is no longer running`
    )
    assert.include(await registration(), 'CrateRepository,')
    assert.isFalse(existsSync(shop.path(LOCK_PATH)))
  })

  test('waits for a command that holds the lock, then writes once it is released', async ({
    assert,
  }) => {
    const lock = await holdLock(shop.root, process.pid)
    const released = setTimeout(() => void rm(lock), 1500)

    const started = Date.now()
    const { exitCode, output } = await addCrate()
    clearTimeout(released)

    assert.equal(exitCode, 0, output)
    assert.isAtLeast(Date.now() - started, 1500)
    assert.include(
      output,
      `for "add-entity Held" (pid ${process.pid}) to finish writing to this app`
    )
    assert.include(await registration(), 'CrateRepository,')
    assert.isFalse(existsSync(lock))
  })

  test('refuses after the wait bound, naming the command that holds the lock, and writes nothing', async ({
    assert,
    cleanup,
  }) => {
    cleanup(waitBound(300))
    const lock = await holdLock(shop.root, process.pid)
    const held = await readFile(lock, 'utf8')
    const before = await registration()

    const { exitCode, output } = await addCrate()

    assert.equal(exitCode, 1)
    assert.match(
      output,
      new RegExp(
        `"add-entity Held" \\(pid ${process.pid}\\) is still writing to this app after 0\\.\\ds: nothing was changed`
      )
    )
    assert.include(output, `delete ${LOCK_PATH}`)
    assert.equal(await registration(), before)
    assert.isFalse(existsSync(shop.path('modules', FOLDER, 'domain', 'crate.ts')))
    // The holder's lock stays its own.
    assert.equal(await readFile(lock, 'utf8'), held)
  })

  test('pantheon:index also waits for the lock, and refuses after the bound', async ({
    assert,
    cleanup,
  }) => {
    cleanup(waitBound(100))
    await holdLock(shop.root, process.pid)

    const { exitCode, output } = await shop.run(PantheonIndex, [])

    assert.equal(exitCode, 1)
    assert.include(output, `"add-entity Held" (pid ${process.pid}) is still writing to this app`)
  })

  test('leaves no lock after a command that fails', async ({ assert }) => {
    const { exitCode } = await shop.run(AddEntity, [
      'crate',
      '--module',
      MODULE,
      '--properties',
      'Label:string',
    ])

    assert.equal(exitCode, 1)
    assert.isFalse(existsSync(shop.path(LOCK_PATH)))
  })

  test('refuses a wait bound that is not a number of milliseconds', async ({ assert, cleanup }) => {
    cleanup(waitBound(Number.NaN))

    const { exitCode, output } = await addCrate()

    assert.equal(exitCode, 1)
    assert.include(output, `${LOCK_WAIT_ENV} is "NaN", not a whole number of milliseconds`)
    assert.isFalse(existsSync(shop.path('modules', FOLDER, 'domain', 'crate.ts')))
  })
})
