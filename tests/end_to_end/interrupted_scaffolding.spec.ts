import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import { existsSync, watch } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { appFiles, installOffline } from '#tests/common/kit_app'
import { runInProcess } from '#tests/common/scaffolding'

const SIGNALS: NodeJS.Signals[] = ['SIGKILL', 'SIGINT', 'SIGTERM']

interface Kill {
  signal: NodeJS.Signals
  /** After this long from the start, or, with `watch`, from the first write into that folder. */
  afterMs: number
  watch?: string
}

/** Runs `node ace …` in `cwd`, killing it as `kill` says; resolves with its duration on exit. */
function ace(cwd: string, args: string[], kill?: Kill) {
  return new Promise<number>((resolve) => {
    const startedAt = performance.now()
    const child = spawn(process.execPath, ['ace', ...args], { cwd, stdio: 'ignore' })
    let timer: NodeJS.Timeout | undefined
    const arm = () => (timer ??= setTimeout(() => child.kill(kill!.signal), kill!.afterMs))
    // Writing lasts milliseconds: watching for its first file lands kills inside it. The app's
    // lock is taken before the command even plans (scaffold_lock.ts): it is no file it writes.
    const armOnWrite = (_event: string, file: string | null) => {
      if (file === 'tmp' || file?.startsWith(join('tmp', 'pantheon-scaffold.lock'))) return
      arm()
    }
    const watcher = kill?.watch ? watch(kill.watch, { recursive: true }, armOnWrite) : undefined
    if (kill && !kill.watch) arm()
    child.on('exit', () => {
      clearTimeout(timer)
      watcher?.close()
      resolve(performance.now() - startedAt)
    })
  })
}

/** Kill points from the first write on: at once, then a few milliseconds into the writes. */
const WHILE_WRITING_MS = [0, 0, 1, 2, 3, 5, 8]

/** The folder holds exactly `complete`, or does not exist: never part of it. */
async function assertWholeOrAbsent(
  assert: { deepEqual: (a: unknown, b: unknown, m?: string) => void },
  folder: string,
  complete: string[],
  when: string
) {
  if (!existsSync(folder)) return
  assert.deepEqual(await appFiles(folder), complete, `${folder} is partial after ${when}`)
}

/** Every file of the app but its packages and its tmp/, with its contents. */
async function snapshot(root: string): Promise<Map<string, string>> {
  const all = await appFiles(root)
  const files = all.filter((file) => !file.startsWith('tmp/') && !file.startsWith('vendor/'))
  return new Map(
    await Promise.all(
      files.map(async (file) => [file, await readFile(join(root, file), 'utf8')] as const)
    )
  )
}

/** Puts the app back to a snapshot: its files as they were, files it did not have removed. */
async function restore(root: string, files: Map<string, string>) {
  const current = await snapshot(root)
  for (const file of current.keys()) {
    if (!files.has(file)) await rm(join(root, file))
  }
  for (const [file, contents] of files) await writeFile(join(root, file), contents)
}

/**
 * Kill points spread over a whole run, one per signal: SIGKILL early, SIGINT halfway, SIGTERM
 * late. Most of a run is Node's start and the app's boot, so these prove the signals are
 * handled at any stage; the kills timed from the first write (WHILE_WRITING_MS) land inside
 * the writes.
 */
const killPoints = (runMs: number) =>
  SIGNALS.map((signal, index) => ({
    signal,
    afterMs: Math.round((runMs * (index + 1)) / (SIGNALS.length + 1)),
  }))

test.group('Interrupted scaffolding', (group) => {
  group.tap((t) => t.tags(['@long']))
  let workspace: string
  group.each.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-interrupted-'))
    return () => rm(workspace, { recursive: true, force: true })
  })

  test('init killed at any moment leaves no app or a whole one, and can run again', async ({
    assert,
  }) => {
    const repository = app.makePath()
    const runMs = await ace(repository, ['init', 'Whole', '--out', workspace])
    const complete = await appFiles(join(workspace, 'Whole'))
    const shop = join(workspace, 'Shop')

    const kills: Kill[] = [
      ...WHILE_WRITING_MS.map((afterMs) => ({
        signal: 'SIGKILL' as const,
        afterMs,
        watch: workspace,
      })),
      ...killPoints(runMs),
    ]
    for (const kill of kills) {
      await ace(repository, ['init', 'Shop', '--out', workspace], kill)
      const when = `${kill.signal} ${kill.afterMs} ms after ${kill.watch ? 'writing began' : 'start'}`
      await assertWholeOrAbsent(assert, shop, complete, when)
      await rm(shop, { recursive: true, force: true })
    }
    await ace(repository, ['init', 'Shop', '--out', workspace])
    assert.deepEqual(await appFiles(shop), complete)
    // Nothing of the interrupted runs is left beside the app.
    assert.sameMembers(await readdir(workspace), ['Whole', 'Shop'])
  }).timeout(240_000)

  test('add-module killed at any moment leaves no module or a whole one', async ({ assert }) => {
    await ace(app.makePath(), ['init', 'Shop', '--out', workspace])
    const shop = join(workspace, 'Shop')
    await installOffline(shop)
    const runMs = await ace(shop, ['add-module', 'Orders'])
    const orders = join(shop, 'modules/orders')
    const complete = await appFiles(orders)
    assert.include(complete, 'infrastructure/orders_index.ts')

    const kills: Kill[] = [
      ...WHILE_WRITING_MS.map((afterMs) => ({ signal: 'SIGKILL' as const, afterMs, watch: shop })),
      ...killPoints(runMs),
    ]
    for (const kill of kills) {
      await rm(join(shop, 'modules'), { recursive: true, force: true })
      await ace(shop, ['add-module', 'Orders'], kill)
      const when = `${kill.signal} ${kill.afterMs} ms after ${kill.watch ? 'writing began' : 'start'}`
      await assertWholeOrAbsent(assert, orders, complete, when)
    }
  }).timeout(240_000)

  test('add-entity killed at any moment is undone by the next command, which then completes', async ({
    assert,
  }) => {
    await ace(app.makePath(), ['init', 'Shop', '--out', workspace])
    const shop = join(workspace, 'Shop')
    await installOffline(shop)
    await ace(shop, ['add-module', 'Orders'])
    const addEntity = [
      'add-entity',
      'Invoice',
      '--module',
      'Orders',
      '--aggregate',
      '--properties',
      'Reference:string,Total:decimal',
    ]
    const before = await snapshot(shop)
    const runMs = await ace(shop, addEntity)
    const after = await snapshot(shop)
    assert.isAbove(after.size, before.size, 'add-entity creates files')
    const edited = [...before.keys()].filter((file) => before.get(file) !== after.get(file))
    assert.isNotEmpty(edited, 'add-entity edits files that existed (the module index at least)')

    const kills: Kill[] = [
      ...WHILE_WRITING_MS.map((afterMs) => ({
        signal: 'SIGKILL' as const,
        afterMs,
        watch: join(shop, 'modules/orders'),
      })),
      ...killPoints(runMs),
    ]
    let undone = 0
    for (const kill of kills) {
      await restore(shop, before)
      await ace(shop, addEntity, kill)
      const when = `${kill.signal} ${kill.afterMs} ms after ${kill.watch ? 'writing began' : 'start'}`
      // Any scaffolding command first undoes what an interrupted one left half-written; the
      // killed process is gone, so this one runs in the test's process (no start to pay for).
      // It refuses when the killed run had finished (the entity exists): the state is what counts.
      await runInProcess(shop, [...addEntity, '--dry-run'])
      const state = await snapshot(shop)
      const whole = [before, after].some(
        (expected) =>
          state.size === expected.size &&
          [...expected].every(([file, contents]) => state.get(file) === contents)
      )
      assert.isTrue(whole, `the app is as before add-entity or as after it, after ${when}`)
      if (state.size === before.size) undone++
    }
    assert.isAbove(undone, 0, 'some kills landed before add-entity had finished')
    await restore(shop, before)
    await ace(shop, addEntity)
    assert.deepEqual(await snapshot(shop), after)
  }).timeout(300_000)
})
