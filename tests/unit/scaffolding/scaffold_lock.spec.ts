import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { lockWaitMs } from '#kit/scaffolding/command_lock'
import { ScaffoldError } from '#kit/scaffolding/scaffold_error'
import {
  LOCK_PATH,
  LockBusyError,
  ScaffoldLock,
  type LockHolder,
} from '#kit/scaffolding/scaffold_lock'

/** A pid no process has: above Linux's largest pid_max (2^22). */
const NO_PROCESS = 2 ** 22 + 1

test.group('Scaffold lock', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let root: string
  group.each.setup(async () => {
    root = await mkdtemp(join(tmpdir(), 'pantheon-lock-'))
    return () => rm(root, { recursive: true, force: true })
  })

  const lockFile = () => join(root, LOCK_PATH)
  const takeoverFile = () => `${lockFile()}.takeover`
  const held = async (holder: Partial<LockHolder>) => {
    const full: LockHolder = {
      pid: process.pid,
      host: hostname(),
      command: 'add-entity Held',
      startedAt: Date.now(),
      token: 'test',
      ...holder,
    }
    await mkdir(dirname(lockFile()), { recursive: true })
    await writeFile(lockFile(), JSON.stringify(full))
  }
  const acquire = (waitMs = 0, staleMs?: number) =>
    ScaffoldLock.acquire(root, { command: 'add-entity Mine', waitMs, pollMs: 10, staleMs })

  test('names its holder while held and is gone once released', async ({ assert }) => {
    const lock = await acquire()
    const holder = JSON.parse(await readFile(lockFile(), 'utf8')) as LockHolder
    assert.equal(holder.pid, process.pid)
    assert.equal(holder.command, 'add-entity Mine')

    await lock.release()

    assert.isFalse(existsSync(lockFile()))
  })

  test('refuses while a live holder keeps it past the wait bound', async ({ assert }) => {
    await held({})
    const error = await acquire(50).catch((caught: unknown) => caught)
    assert.instanceOf(error, LockBusyError)
    assert.equal((error as LockBusyError).holder?.command, 'add-entity Held')
  })

  test('takes over a lock whose holder is older than the stale bound', async ({ assert }) => {
    await held({ startedAt: Date.now() - 60_000 })
    const reasons: string[] = []
    const lock = await ScaffoldLock.acquire(root, {
      command: 'add-entity Mine',
      waitMs: 0,
      staleMs: 30_000,
      onTakeOver: (_holder, reason) => reasons.push(reason),
    })
    assert.deepEqual(reasons, ['it is older than 30 s'])
    await lock.release()
  })

  test("does not judge another host's holder by a pid of this one", async ({ assert }) => {
    await held({ host: `not-${hostname()}`, pid: NO_PROCESS })
    await assert.rejects(() => acquire(30), LockBusyError)
  })

  test('does not remove a lock that is no longer its own', async ({ assert }) => {
    const lock = await acquire()
    await held({ token: 'taken-over' })

    await lock.release()

    assert.include(await readFile(lockFile(), 'utf8'), 'taken-over')
  })

  test('gives a stale lock to one command at a time when many take it over at once', async ({
    assert,
  }) => {
    // A race: one round in a hundred or so put two holders at once before takeovers were
    // exclusive, hence several rounds.
    let most = 0
    for (let round = 0; round < 10; round++) {
      await held({ pid: NO_PROCESS })
      let holding = 0
      const work = async () => {
        const lock = await acquire(5_000)
        holding += 1
        most = Math.max(most, holding)
        await new Promise((resolve) => setTimeout(resolve, 1))
        holding -= 1
        await lock.release()
      }
      await Promise.all(Array.from({ length: 8 }, work))
      assert.isFalse(existsSync(lockFile()))
    }
    assert.equal(most, 1)
  })

  test('waits while another command takes a stale lock over, then takes it', async ({ assert }) => {
    await held({ pid: NO_PROCESS })
    await writeFile(takeoverFile(), '')

    await assert.rejects(() => acquire(50), LockBusyError)
    assert.isTrue(existsSync(lockFile()), 'the stale lock is left to the command taking it over')

    await rm(takeoverFile())
    const lock = await acquire(50)
    await lock.release()
  })

  test('removes a takeover file left by a command that died while taking over', async ({
    assert,
  }) => {
    await held({ pid: NO_PROCESS })
    await writeFile(takeoverFile(), '')
    const longAgo = new Date(Date.now() - 60_000)
    await utimes(takeoverFile(), longAgo, longAgo)

    const lock = await acquire(1_000)

    assert.isFalse(existsSync(takeoverFile()))
    await lock.release()
  })

  test('waits 30 s unless PANTHEON_LOCK_WAIT_MS says otherwise, and refuses a bad value', ({
    assert,
  }) => {
    assert.equal(lockWaitMs({}), 30_000)
    assert.equal(lockWaitMs({ PANTHEON_LOCK_WAIT_MS: '250' }), 250)
    assert.throws(() => lockWaitMs({ PANTHEON_LOCK_WAIT_MS: '-1' }), ScaffoldError)
    assert.throws(() => lockWaitMs({ PANTHEON_LOCK_WAIT_MS: '1.5s' }), ScaffoldError)
  })
})
