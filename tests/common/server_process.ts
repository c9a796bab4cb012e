import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const APP_ROOT = fileURLToPath(new URL('../../', import.meta.url))

export interface RunningServer {
  process: ChildProcess
  output: () => string
  stop: () => Promise<number | null>
}

/**
 * Starts bin/server.ts in its own process, the way bin/start.sh does, and resolves once the
 * HTTP listener answers. Used to prove what only a real start shows: listeners, start-up
 * migrations, shutdown.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: {
    appRoot?: string
    /**
     * What must answer 2xx before the server counts as started ('/' by default). A host listens
     * before its database is reached and migrated, and answers 503 `Database.Unavailable` to
     * database work until then: a test that uses the database waits for '/health/ready'.
     */
    readyPath?: string
    /** Called with everything the process printed so far, whenever it prints. */
    onOutput?: (output: string) => void
  } = {}
): Promise<RunningServer> {
  const appRoot = options.appRoot ?? APP_ROOT
  let output = ''
  const child = spawn(
    process.execPath,
    // A production build has compiled JavaScript only.
    existsSync(join(appRoot, 'bin', 'server.js'))
      ? ['bin/server.js']
      : ['--import=@pantheon/kit/typescript', 'bin/server.ts'],
    { cwd: appRoot, env: { ...process.env, LOG_LEVEL: 'info', ...env } }
  )
  const append = (chunk: Buffer) => {
    output += chunk
    options.onOutput?.(output)
  }
  child.stdout.on('data', append)
  child.stderr.on('data', append)

  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code))
  )
  /** SIGTERM, as a process manager would; a server still up 10 s later is killed and fails. */
  const stop = async () => {
    if (child.exitCode !== null) return child.exitCode
    child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    const code = await exited
    clearTimeout(killer)
    return code
  }

  const url = `http://127.0.0.1:${env.PORT}${options.readyPath ?? '/'}`
  // A server that starts in 2 s alone took over 20 s in CI beside four other lanes on two cores,
  // and over a minute in an end-to-end lane (which runs at a lower priority) while the @slow
  // lanes were busy; one that never answers still fails, two minutes later.
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break
    try {
      const response = await fetch(url)
      if (response.ok) return { process: child, output: () => output, stop }
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await stop()
  throw new Error(`the server did not start:\n${output}`)
}

/**
 * Whether the server prints `text` within `timeoutMs`: its log lines are written asynchronously,
 * so on a loaded machine a line can reach the pipe after the request it announces was answered.
 */
export async function printed(server: RunningServer, text: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs
  while (!server.output().includes(text)) {
    if (Date.now() > deadline || server.process.exitCode !== null) return false
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return true
}

/**
 * The environment of a production host on 127.0.0.1:`port` that applies its migrations at
 * start, with the rate limit off (the specs that send many requests from one address test
 * something else); `database` names its connection.
 */
export function productionHostEnv(
  port: number,
  database: Record<string, string>
): Record<string, string> {
  return {
    NODE_ENV: 'production',
    APP_KEY: 'a-production-key-that-is-long-enough-123',
    HOST: '127.0.0.1',
    PORT: String(port),
    DB_AUTO_MIGRATE: 'true',
    RATE_LIMIT_STORE: 'off',
    ...database,
  }
}
