import { randomUUID } from 'node:crypto'
import { mkdir, open, readFile, rm, stat } from 'node:fs/promises'
import { hostname } from 'node:os'
import { dirname, join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

/** Where the lock lives, beside the journal, inside the app (tmp/ is never committed). */
export const LOCK_PATH = 'tmp/pantheon-scaffold.lock'

/** Who holds the lock: written into the lock file by the command that takes it. */
export interface LockHolder {
  pid: number
  host: string
  /** The command line, e.g. "add-entity Product". */
  command: string
  /** Milliseconds since the epoch. */
  startedAt: number
  /** Tells this holder's lock from a later one at the same path. */
  token: string
}

export interface LockOptions {
  /** The command line of the command taking the lock, for the messages of the others. */
  command: string
  /** How long to wait for another command to finish before giving up. */
  waitMs: number
  pollMs?: number
  /** A lock older than this is taken over even if its holder looks alive. */
  staleMs?: number
  /** Told once, when another command holds the lock and this one starts to wait. */
  onWait?: (holder: LockHolder | undefined) => void
  /** Told when a stale lock is taken over, with the reason it was stale. */
  onTakeOver?: (holder: LockHolder | undefined, reason: string) => void
}

/**
 * No scaffolding command takes longer; a lock older than this is left by a holder that died
 * where its pid cannot tell (a reused pid, a lock written on another host).
 */
const STALE_AFTER_MS = 10 * 60_000

/** A lock file with no readable holder is only being written, unless it stays so this long. */
const UNREADABLE_STALE_MS = 10_000

/** The lock is held by a command that is still running: the other command's details. */
export class LockBusyError extends Error {
  constructor(
    readonly holder: LockHolder | undefined,
    readonly waitedMs: number
  ) {
    super(
      holder
        ? `"${holder.command}" (pid ${holder.pid}) holds the app's scaffolding lock`
        : "Another command holds the app's scaffolding lock"
    )
    this.name = 'LockBusyError'
  }
}

interface FoundLock {
  text: string
  holder: LockHolder | undefined
  ino: number
  mtimeMs: number
}

/**
 * One scaffolding command at a time in an app. Two commands that edit the same files (the
 * module class, generated_files.json) each read, plan and write them; run at once, the later
 * write drops the earlier one's edit. Each command therefore takes this lock before it reads the
 * app (and before it undoes an interrupted command's journal) and releases it after its last
 * write.
 *
 * Why not proper-lockfile: it tells a dead holder only by an mtime it refreshes on a timer, and
 * a scaffolding command blocks its event loop for seconds (ts-morph, prettier), so a live
 * command would look stale and be taken over; nor does its lock say which command holds it.
 * Here the lock is a file created exclusively (`wx`) that names its holder, and it is stale
 * when its holder's process is gone (same host) or it is older than STALE_AFTER_MS.
 */
export class ScaffoldLock {
  private constructor(
    private readonly path: string,
    private readonly text: string
  ) {}

  static async acquire(root: string, options: LockOptions): Promise<ScaffoldLock> {
    const path = join(root, LOCK_PATH)
    const pollMs = options.pollMs ?? 200
    const started = Date.now()
    let waiting = false
    for (;;) {
      const taken = await create(path, options.command)
      if (taken) return new ScaffoldLock(path, taken)
      const found = await read(path)
      if (!found) continue // released in between: try again at once
      const reason = staleness(found, options.staleMs ?? STALE_AFTER_MS)
      if (reason) {
        const outcome = await takeOver(path, found)
        if (outcome === 'removed') options.onTakeOver?.(found.holder, reason)
        if (outcome !== 'busy') continue
      }
      const waited = Date.now() - started
      if (waited >= options.waitMs) throw new LockBusyError(found.holder, waited)
      if (!waiting) options.onWait?.(found.holder)
      waiting = true
      await sleep(Math.min(pollMs, options.waitMs - waited))
    }
  }

  /** Removes the lock, unless it is no longer this command's (taken over as stale). */
  async release(): Promise<void> {
    const found = await read(this.path)
    if (found?.text === this.text) await rm(this.path, { force: true })
  }
}

/** The lock's text if this call created it; undefined if another command holds it. */
async function create(path: string, command: string): Promise<string | undefined> {
  await mkdir(dirname(path), { recursive: true })
  const holder: LockHolder = {
    pid: process.pid,
    host: hostname(),
    command,
    startedAt: Date.now(),
    token: randomUUID(),
  }
  const text = JSON.stringify(holder)
  let file
  try {
    file = await open(path, 'wx')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined
    throw error
  }
  try {
    await file.writeFile(text)
  } catch (error) {
    await file.close()
    await rm(path, { force: true })
    throw error
  }
  await file.close()
  return text
}

async function read(path: string): Promise<FoundLock | undefined> {
  try {
    const [text, stats] = await Promise.all([readFile(path, 'utf8'), stat(path)])
    return { text, holder: parseHolder(text), ino: stats.ino, mtimeMs: stats.mtimeMs }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(text) as Partial<LockHolder>
    const valid =
      Number.isInteger(holder.pid) &&
      typeof holder.host === 'string' &&
      typeof holder.command === 'string' &&
      typeof holder.startedAt === 'number' &&
      typeof holder.token === 'string'
    return valid ? (holder as LockHolder) : undefined
  } catch {
    return undefined // being written, or not a lock of ours
  }
}

/** Why the lock is stale; undefined while its holder may still be writing. */
function staleness(found: FoundLock, staleMs: number): string | undefined {
  const { holder } = found
  if (!holder) {
    const age = Date.now() - found.mtimeMs
    return age > UNREADABLE_STALE_MS ? 'it names no command and was left long ago' : undefined
  }
  if (holder.host === hostname() && !processRuns(holder.pid)) {
    return 'its process is no longer running'
  }
  if (Date.now() - holder.startedAt > staleMs) {
    const bound =
      staleMs >= 60_000 ? `${Math.round(staleMs / 60_000)} min` : `${Math.round(staleMs / 1000)} s`
    return `it is older than ${bound}`
  }
  return undefined
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists, run by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Removes a stale lock: `removed`; `gone` if another command removed it first; `busy` while
 * another command is taking it over, which this one waits for as for any holder.
 *
 * Only the holder of a second file, `<lock>.takeover`, created exclusively, may remove a stale
 * lock, and only after reading it again under that file: it is then still the stale lock it
 * judged, since nobody else removes a lock but its own holder. Without that file, a command that
 * read the stale lock could remove the new lock another command had just made in its place.
 * A takeover file is held for a few milliseconds; one older than UNREADABLE_STALE_MS was left by
 * a command that died while taking over, and is removed.
 */
async function takeOver(path: string, stale: FoundLock): Promise<'removed' | 'gone' | 'busy'> {
  const guard = `${path}.takeover`
  let file
  try {
    file = await open(guard, 'wx')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return (await removeIfAbandoned(guard)) ? 'gone' : 'busy'
  }
  try {
    const again = await read(path)
    if (again?.text !== stale.text || again.ino !== stale.ino) return 'gone'
    await rm(path, { force: true })
    return 'removed'
  } finally {
    await file.close()
    await rm(guard, { force: true })
  }
}

/** Removes a takeover file its command left behind; true if it did. */
async function removeIfAbandoned(guard: string): Promise<boolean> {
  const stats = await stat(guard).catch(() => undefined)
  if (!stats || Date.now() - stats.mtimeMs <= UNREADABLE_STALE_MS) return false
  await rm(guard, { force: true })
  return true
}
