import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { scaffoldInProcess } from '#tests/common/scaffolding'
import { testPort } from '#tests/common/test_ports'

const run = promisify(execFile)

/** Ports an end-to-end test gives a new app, set apart from this suite's own TEST_PORT. */
export const portAbove = (offset: number) => String(testPort(offset))

/**
 * Runs commands of an app made by `init` in a test, with Node 24 and the environment of the new
 * app's processes: its own SQLite file and test port (`testPortOffset` above this suite's), so
 * nothing it does touches this suite's database or server. A command that fails fails the test
 * with its output. With `scaffoldInProcess`, `node ace` scaffolding commands run in this process
 * (scaffoldInProcess); the app's other programs (tsc, its tests, its server) always run as
 * processes.
 */
export function generatedAppCommands(
  testPortOffset: number,
  options: { scaffoldInProcess?: boolean } = {}
) {
  const childEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DB_CONNECTION: 'sqlite',
    SQLITE_FILENAME: 'tmp/db.sqlite3',
    TEST_PORT: portAbove(testPortOffset),
    HOST: '127.0.0.1',
  }
  return async function inApp(cwd: string, command: string, args: string[], env = {}) {
    if (options.scaffoldInProcess && command === process.execPath && args[0] === 'ace') {
      const done = await scaffoldInProcess(cwd, args.slice(1))
      if (done) return done
    }
    return runOrFail(command, args, { cwd, env: { ...childEnv, ...env } })
  }
}

/** Runs a command and fails the test with its output (both streams) when it fails. */
export async function runOrFail(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeout?: number }
) {
  try {
    return await run(command, args, {
      cwd: options.cwd,
      env: options.env,
      maxBuffer: 20 * 1024 * 1024,
      timeout: options.timeout ?? 240_000,
    })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`${command} ${args.join(' ')} failed in ${options.cwd}:\n${stdout}\n${stderr}`)
  }
}

/**
 * The app's tests as its bin/test.sh runs them once it has installed and typechecked: `node ace
 * pantheon:index`, then the command its last line holds (read from the app, so a test runs what
 * the app's own script runs), with `args`. `runInApp` runs one Node command line in the app; the
 * answer is the test run's.
 */
export async function runAppTests<T>(
  root: string,
  args: string[],
  runInApp: (argv: string[]) => Promise<T>
): Promise<T> {
  const script = join(root, 'bin', 'test.sh')
  const source = await readFile(script, 'utf8')
  const lastLine = source.trim().split('\n').at(-1)!
  const suites = lastLine.match(/^exec node (.+ bin\/test\.ts) "\$@"$/)
  if (!suites) throw new Error(`${script} does not end by running bin/test.ts:\n${lastLine}`)
  await runInApp(['ace', 'pantheon:index'])
  return runInApp([...suites[1].split(' '), ...args])
}
