import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { DatabaseSync } from 'node:sqlite'
import { fileURLToPath } from 'node:url'
import type { TransportKind } from '@pantheon/kit/messaging'
import { startServerProcess, type RunningServer } from '#tests/common/server_process'
import { removeNamespace } from '#tests/common/broker_namespace'

const APP_ROOT = fileURLToPath(new URL('../../../../', import.meta.url))

/**
 * An app wired to a real broker through a proxy port, on a SQLite file of its own, under a
 * message namespace of its own: what several host and relay processes of one deployment share.
 */
export class MessagingDeployment {
  readonly namespace = `pantheon-fault-${randomUUID().slice(0, 8)}`
  readonly sqliteFile: string

  constructor(
    readonly kind: Exclude<TransportKind, 'memory'>,
    readonly brokerPort: number,
    private readonly extraEnv: Record<string, string> = {}
  ) {
    mkdirSync(`${APP_ROOT}tmp/faults`, { recursive: true })
    this.sqliteFile = `${APP_ROOT}tmp/faults/${this.namespace}.sqlite3`
  }

  env(): Record<string, string> {
    return {
      HOST: '127.0.0.1',
      HTTPS_ENABLED: 'false',
      DB_CONNECTION: 'sqlite',
      SQLITE_FILENAME: this.sqliteFile,
      DB_AUTO_MIGRATE: 'true',
      RATE_LIMIT_STORE: 'off',
      MESSAGE_TRANSPORT: this.kind,
      MESSAGE_NAMESPACE: this.namespace,
      REDIS_URL: `redis://127.0.0.1:${this.brokerPort}`,
      RABBITMQ_URL: `amqp://guest:guest@127.0.0.1:${this.brokerPort}`,
      REDIS_CLAIM_IDLE_MS: '1000',
      OUTBOX_LEASE_MS: '1000',
      ...this.extraEnv,
    }
  }

  startHost(port: number, env: Record<string, string> = {}): Promise<RunningServer> {
    return startServerProcess({ ...this.env(), PORT: String(port), ...env })
  }

  /** `node ace outbox:relay`, as an operator runs it next to hosts started with OUTBOX_RELAY=off. */
  startRelay(): ChildProcess {
    const relay = spawn(process.execPath, ['ace.js', 'outbox:relay'], {
      cwd: APP_ROOT,
      env: { ...process.env, ...this.env(), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    relay.stdout?.resume()
    relay.stderr?.resume()
    return relay
  }

  /** Read straight from the database file, past the app. */
  query<T>(sql: string, ...params: (string | number)[]): T[] {
    const database = new DatabaseSync(this.sqliteFile, { readOnly: true })
    try {
      return database.prepare(sql).all(...params) as T[]
    } finally {
      database.close()
    }
  }

  removeFiles(): void {
    for (const suffix of ['', '-wal', '-shm'])
      rmSync(`${this.sqliteFile}${suffix}`, { force: true })
  }

  /** Everything this deployment created on the real broker (it has a namespace of its own). */
  async removeBrokerState(): Promise<void> {
    await removeNamespace(this.kind, this.namespace)
  }
}

export async function createProducts(port: number, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let n = 0; n < count; n += 10) {
    const batch = Array.from({ length: Math.min(10, count - n) }, async (_, i) => {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/catalog`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Fault product ${n + i}`, price: 10 + i }),
      })
      if (response.status !== 201)
        throw new Error(`create answered ${response.status}: ${await response.text()}`)
      return (await response.json()) as string
    })
    ids.push(...(await Promise.all(batch)))
  }
  return ids
}

/** How many of the ids Orders' read model holds, asked over HTTP like a client would. */
export async function knownToOrders(port: number, ids: string[]): Promise<number> {
  const statuses = await Promise.all(
    ids.map(async (id) => {
      const response = await fetch(`http://127.0.0.1:${port}/api/orders/products/${id}`)
      return response.status
    })
  )
  return statuses.filter((status) => status === 200).length
}

export async function eventually(check: () => Promise<boolean>, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
