import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'

/** Where Debian's nginx is; CI installs it from apt (.ci/run). */
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'

export interface RunningProxy {
  port: number
  stop(): Promise<void>
}

/**
 * Runs Debian's nginx with docs/nginx/pantheon.conf, the configuration the docs give, with only
 * its addresses changed: each `127.0.0.1:<port>` of the file becomes the one `upstreams` maps it
 * to, and it listens on `port`.
 */
export async function startNginxProxy(
  port: number,
  upstreams: Record<number, number>
): Promise<RunningProxy> {
  let site = await readFile(app.makePath('docs/nginx/pantheon.conf'), 'utf8')
  site = site.replace(/127\.0\.0\.1:(\d+)/g, (address, documented: string) => {
    const actual = upstreams[Number(documented)]
    return actual === undefined ? address : `127.0.0.1:${actual}`
  })
  return startNginx(site, port)
}

/**
 * Runs Debian's nginx with a site configuration (a `server` listening on one port, its
 * upstreams), made to listen on 127.0.0.1:`port`. Everything else nginx needs (pid, logs,
 * temporary files) is in a folder of its own, removed by stop(). Resolves once it answers.
 */
export async function startNginx(siteConfig: string, port: number): Promise<RunningProxy> {
  const folder = await mkdtemp(join(tmpdir(), 'pantheon-nginx-'))
  const site = siteConfig.replace(/listen \d+;/, `listen 127.0.0.1:${port};`)
  await writeFile(join(folder, 'pantheon.conf'), site)
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    await mkdir(join(folder, temp))
  }
  await writeFile(
    join(folder, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(folder, 'nginx.pid')};`,
      `error_log ${join(folder, 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (temp) => `  ${temp === 'body' ? 'client_body' : temp}_temp_path ${join(folder, temp)};`
      ),
      `  include ${join(folder, 'pantheon.conf')};`,
      '}',
      '',
    ].join('\n')
  )
  const child = spawn(NGINX, ['-p', folder, '-e', join(folder, 'error.log'), '-c', 'nginx.conf'])
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    child.kill('SIGQUIT')
    await exited
    await rm(folder, { recursive: true, force: true })
  }
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break
    const answered = await fetch(`http://127.0.0.1:${port}/health/live`).catch(() => undefined)
    if (answered) return { port, stop }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const log = await readFile(join(folder, 'error.log'), 'utf8').catch(() => '')
  await stop()
  throw new Error(`nginx did not start on port ${port} (${NGINX}):\n${output}\n${log}`)
}
