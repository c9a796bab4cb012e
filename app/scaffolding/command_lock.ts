import { ScaffoldError } from './scaffold_error.js'
import { LOCK_PATH, LockBusyError, ScaffoldLock, type LockHolder } from './scaffold_lock.js'

/** How long a command waits for another one to finish writing the app, in milliseconds. */
export const LOCK_WAIT_ENV = 'PANTHEON_LOCK_WAIT_MS'
const DEFAULT_LOCK_WAIT_MS = 30_000

/** The wait bound from PANTHEON_LOCK_WAIT_MS; a value that is not a number of ms is refused. */
export function lockWaitMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[LOCK_WAIT_ENV]
  if (raw === undefined || raw.trim() === '') return DEFAULT_LOCK_WAIT_MS
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0) {
    throw new ScaffoldError(
      `${LOCK_WAIT_ENV} is "${raw}", not a whole number of milliseconds`,
      `Set it to how long to wait for another scaffolding command, e.g. ${DEFAULT_LOCK_WAIT_MS}, or unset it`
    )
  }
  return value
}

/** Where a command says it waits or took over a stale lock; nothing is said under --json. */
export interface LockMessages {
  info(message: string): void
  warning(message: string): void
}

const named = (holder: LockHolder | undefined) =>
  holder ? `"${holder.command}" (pid ${holder.pid})` : 'another command'

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))}s`

/**
 * Takes the app's scaffolding lock for a command (see scaffold_lock.ts). While another command
 * holds it, waits up to PANTHEON_LOCK_WAIT_MS, then refuses with a ScaffoldError naming that
 * command, before this one has read or written anything.
 */
export async function lockApp(
  root: string,
  command: string,
  messages?: LockMessages
): Promise<ScaffoldLock> {
  const waitMs = lockWaitMs()
  try {
    return await ScaffoldLock.acquire(root, {
      command,
      waitMs,
      onWait: (holder) =>
        messages?.info(
          `Waiting up to ${seconds(waitMs)} for ${named(holder)} to finish writing to this app`
        ),
      onTakeOver: (holder, reason) =>
        messages?.warning(`Took over the scaffolding lock of ${named(holder)}: ${reason}`),
    })
  } catch (error) {
    if (!(error instanceof LockBusyError)) throw error
    throw new ScaffoldError(
      `${named(error.holder)} is still writing to this app after ${seconds(error.waitedMs)}: nothing was changed`,
      `Run this command again once it has finished (${LOCK_WAIT_ENV} sets how long to wait). If no such process is running, delete ${LOCK_PATH}`
    )
  }
}
