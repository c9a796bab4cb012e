import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ancestorsOf, type ReceivedSpan } from '#tests/common/otlp_receiver'
import { testPort } from '#tests/common/test_ports'

const APP_ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** This suite's ports: 60 to 69 above TEST_PORT (5100 by default). */
export function port(offset: number): number {
  return testPort(60 + offset)
}

export async function createProduct(httpPort: number, name: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${httpPort}/api/v1/catalog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, price: 12 }),
  })
  if (response.status !== 201)
    throw new Error(`create answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as string
}

/**
 * Runs an ace command of the reference app in a process of its own; resolves with its exit code,
 * or null when it had to be killed after `limitMs`.
 */
export function runAce(
  args: string[],
  env: Record<string, string>,
  limitMs = 30_000
): Promise<number | null> {
  const child = spawn(process.execPath, ['ace.js', ...args], {
    cwd: APP_ROOT,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.resume()
  child.stderr.resume()
  const killer = setTimeout(() => child.kill('SIGKILL'), limitMs)
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(killer)
      resolve(code)
    })
  )
}

/** Asserts `child` descends from `ancestor` in `trace` (directly or through other spans). */
export function descendsFrom(child: ReceivedSpan, ancestor: ReceivedSpan, trace: ReceivedSpan[]) {
  return ancestorsOf(child, trace).some((span) => span.spanId === ancestor.spanId)
}
