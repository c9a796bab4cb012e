import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'

export interface PrismProxy {
  url: string
  stop(): Promise<void>
}

const require = createRequire(import.meta.url)

/** The CLI of @stoplight/prism-cli, run with this Node rather than through npx. */
function prismCli(): string {
  const manifest = require.resolve('@stoplight/prism-cli/package.json')
  const { bin } = require(manifest) as { bin: { prism: string } }
  return join(dirname(manifest), bin.prism)
}

/** A port of 127.0.0.1 nothing listens on at this moment. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * Starts `prism proxy <document> <upstream>` on a free port of 127.0.0.1 and resolves once it
 * listens. With `errors`, a request or response that violates the document gets Prism's own
 * error answer (422 or 500) instead of the upstream's; without, Prism passes the upstream's
 * answer on and lists what it found in an `sl-violations` header.
 */
export async function startPrismProxy(options: {
  document: string
  upstream: string
  errors: boolean
}): Promise<PrismProxy> {
  const port = await freePort()
  const args = [prismCli(), 'proxy', options.document, options.upstream]
  args.push('--port', String(port), '--host', '127.0.0.1', '--verboseLevel', 'warn')
  if (options.errors) args.push('--errors')
  // Prism reports usage to scarf.sh unless told not to; this machine may have no internet.
  const child = spawn(process.execPath, args, {
    env: { ...process.env, SCARF_ANALYTICS: 'false', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }

  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      // Any answer means it listens: Prism answers a path of no document with its own 404.
      await fetch(`${url}/__prism_ready`)
      return { url, stop }
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await stop()
  throw new Error(`prism proxy ${options.document} did not start:\n${output}`)
}
