import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServerProcess } from '#tests/common/server_process'
import { freePort } from '#tests/prism_replay/prism_proxy'

export interface ReferenceApp {
  url: string
  output(): string
  stop(): Promise<void>
}

/**
 * This repository's app (bin/server.ts) in its own process, as the integration suite runs it
 * (NODE_ENV=test, the memory transport and the in-process relay), on a free port and a SQLite
 * file of its own that it migrates at start; resolves once /health/ready answers 200. The
 * rate limit stays on, so its headers are judged too, but far above what the fuzz sends.
 */
export async function startReferenceApp(): Promise<ReferenceApp> {
  const folder = await mkdtemp(join(tmpdir(), 'pantheon-prism-fuzz-'))
  const port = await freePort()
  try {
    const server = await startServerProcess(
      {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        HTTPS_ENABLED: 'false',
        DB_CONNECTION: 'sqlite',
        SQLITE_FILENAME: join(folder, 'fuzz.sqlite3'),
        DB_AUTO_MIGRATE: 'true',
        MESSAGE_TRANSPORT: 'memory',
        OUTBOX_RELAY: 'in-process',
        RATE_LIMIT_STORE: 'memory',
        RATE_LIMIT_REQUESTS: '1000000',
        OTEL_SDK_DISABLED: 'true',
      },
      { readyPath: '/health/ready' }
    )
    return {
      url: `http://127.0.0.1:${port}`,
      output: server.output,
      stop: async () => {
        await server.stop()
        await rm(folder, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await rm(folder, { recursive: true, force: true })
    throw error
  }
}
