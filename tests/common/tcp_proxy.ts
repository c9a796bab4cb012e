import net from 'node:net'

/**
 * A TCP proxy in front of a real broker, so a test can make the broker unreachable (or slow)
 * for the app without stopping the machine's shared server.
 */
export class TcpProxy {
  readonly #sockets = new Set<net.Socket>()
  #server?: net.Server
  #delayMs = 0
  #cutOn?: string
  #before?: { text: string; action: () => void; after?: string }
  readonly #silenced = new WeakSet<net.Socket>()

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number }
  ) {}

  /** Accepts connections and forwards them; with a delay, every chunk waits first, both ways. */
  async up(options: { delayMs?: number } = {}): Promise<void> {
    this.#delayMs = options.delayMs ?? 0
    if (this.#server) return
    const server = net.createServer((client) => this.forward(client))
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    this.#server = server
  }

  /** Cuts every open connection and refuses new ones: to the app, the broker is gone. */
  async down(): Promise<void> {
    const server = this.#server
    this.#server = undefined
    for (const socket of this.#sockets) socket.destroy()
    this.#sockets.clear()
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  /**
   * The next time a client sends a chunk holding `text`, that connection is cut instead of the
   * chunk forwarded: the server never sees it and the client sees its connection end, as when a
   * connection dies in the middle of a conversation.
   */
  cutWhenClientSends(text: string): void {
    this.#cutOn = text
  }

  /**
   * The next time a client sends a chunk holding `text`, `action` runs first and the chunk is
   * forwarded after it: e.g. the server is frozen just before a statement reaches it. With
   * `after`, only on a connection that sent `after` since it last sent `text`: the COMMIT of a
   * create, not the one of another transaction (the outbox relay's) that comes first.
   */
  beforeClientSends(text: string, action: () => void, options: { after?: string } = {}): void {
    this.#before = { text, action, after: options.after }
  }

  /**
   * Every connection open now stops carrying bytes, both ways, and stays open: as when the
   * network path is cut without a reset (a half-open TCP connection), which the client only
   * notices if it bounds its own waits. New connections are forwarded as usual.
   */
  silenceOpenConnections(): void {
    for (const socket of this.#sockets) this.#silenced.add(socket)
  }

  private forward(client: net.Socket): void {
    const upstream = net.connect(this.target.port, this.target.host)
    for (const socket of [client, upstream]) {
      this.#sockets.add(socket)
      socket.on('error', () => {})
      socket.on('close', () => {
        this.#sockets.delete(socket)
        client.destroy()
        upstream.destroy()
      })
    }
    const relay = (to: net.Socket) => (chunk: Buffer) => {
      if (this.#silenced.has(to)) return
      if (this.#delayMs === 0) to.write(chunk)
      else setTimeout(() => to.write(chunk), this.#delayMs)
    }
    const toUpstream = relay(upstream)
    // Whether this connection sent the `after` text of beforeClientSends since its last `text`.
    let sentAfter = false
    client.on('data', (chunk: Buffer) => {
      if (this.#cutOn !== undefined && chunk.includes(this.#cutOn)) {
        this.#cutOn = undefined
        client.destroy()
        upstream.destroy()
        return
      }
      const before = this.#before
      if (before?.after !== undefined && chunk.includes(before.after)) sentAfter = true
      if (before && chunk.includes(before.text)) {
        if (before.after === undefined || sentAfter) {
          this.#before = undefined
          before.action()
        }
        sentAfter = false
      }
      toUpstream(chunk)
    })
    upstream.on('data', relay(client))
  }
}
