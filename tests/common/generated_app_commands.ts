import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** Ports an end-to-end test gives a new app, set apart from this suite's own TEST_PORT. */
export const BASE_PORT = Number(process.env.TEST_PORT ?? 5100)
export const portAbove = (offset: number) => String(BASE_PORT + offset)

/**
 * Runs commands of an app made by `init` in a test, with Node 24 and the environment of the new
 * app's processes: its own SQLite file and test port (`testPortOffset` above this suite's), so
 * nothing it does touches this suite's database or server. A command that fails fails the test
 * with its output.
 */
export function generatedAppCommands(testPortOffset: number) {
  const childEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DB_CONNECTION: 'sqlite',
    SQLITE_FILENAME: 'tmp/db.sqlite3',
    TEST_PORT: portAbove(testPortOffset),
    HOST: '127.0.0.1',
  }
  return async function inApp(cwd: string, command: string, args: string[], env = {}) {
    try {
      return await run(command, args, {
        cwd,
        env: { ...childEnv, ...env },
        maxBuffer: 20 * 1024 * 1024,
        timeout: 240_000,
      })
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string }
      throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout}\n${stderr}`)
    }
  }
}
