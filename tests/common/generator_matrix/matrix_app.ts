import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { copyOfInitializedApp } from '#tests/common/initialized_app'
import { scaffoldInProcess } from '#tests/common/scaffolding'
import { startServerProcess } from '#tests/common/server_process'

const run = promisify(execFile)
const node = process.execPath

/**
 * Runs a program of an app made by `init`; a failure carries the command line and its output.
 * Scaffolding commands run in this process (scaffoldInProcess), the app's own programs as
 * processes.
 */
export async function inApp(cwd: string, args: string[], env: Record<string, string> = {}) {
  if (args[0] === 'ace') {
    const done = await scaffoldInProcess(cwd, args.slice(1))
    if (done) return done
  }
  try {
    return await run(node, args, {
      cwd,
      env: { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', ...env },
      maxBuffer: 20 * 1024 * 1024,
      timeout: 240_000,
    })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`${args.join(' ')} failed in ${cwd}:\n${stdout}\n${stderr}`)
  }
}

/**
 * A folder of cases, each a fresh copy of the app `init` made once for this process
 * (copyOfInitializedApp), so every case starts from a clean app without paying for `init` again.
 */
export async function templateApp() {
  const folder = await mkdtemp(join(tmpdir(), 'pantheon-matrix-'))
  let copies = 0
  return {
    async copy() {
      const target = join(folder, `case_${++copies}`)
      await mkdir(target)
      return copyOfInitializedApp(target)
    },
    /** Moves a failing case's app out of the template's folder, to be looked at. */
    async keep(caseRoot: string) {
      const kept = await mkdtemp(join(tmpdir(), 'pantheon-matrix-failed-'))
      await rename(caseRoot, join(kept, 'Shop'))
      return join(kept, 'Shop')
    },
    remove: () => rm(folder, { recursive: true, force: true }),
  }
}

/** One database the case runs on, with the time zone its processes run in. */
export interface Target {
  label: string
  env: Record<string, string>
  port: string
}

interface Answer {
  status: number
  body: any
}

export type Send = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>
) => Promise<Answer>

/**
 * Starts the app's server on a target while `use` talks to it, `sendTo(route)` giving the
 * requests to `/api/<route>`, then stops it.
 */
export async function withServer(
  appRoot: string,
  target: Target,
  use: (sendTo: (route: string) => Send, output: () => string) => Promise<void>
) {
  const server = await startServerProcess(
    {
      ...target.env,
      NODE_ENV: 'development',
      HTTPS_ENABLED: 'false',
      HOST: '127.0.0.1',
      PORT: target.port,
    },
    // Ready, not only listening: the first request must not wait for the database's first
    // connection, which a busy CI machine can delay past the pool's 2-second acquire limit.
    { appRoot, readyPath: '/health/ready' }
  )
  try {
    await use(
      (route) =>
        async (method, path, body, headers = {}) => {
          const response = await fetch(`http://127.0.0.1:${target.port}/api/${route}${path}`, {
            method,
            headers: { 'content-type': 'application/json', ...headers },
            body: body === undefined ? undefined : JSON.stringify(body),
          })
          const text = await response.text()
          return { status: response.status, body: text === '' ? null : JSON.parse(text) }
        },
      server.output
    )
  } catch (error) {
    // The server's log says why it answered 500; the logger writes it a moment later.
    await new Promise((resolve) => setTimeout(resolve, 500))
    if (error instanceof Error) {
      error.message += `\n${target.label} server log:\n${server.output().slice(-6000)}`
    }
    throw error
  } finally {
    await server.stop()
  }
}
