import net from 'node:net'

/**
 * A TCP proxy in front of a real broker, so a test can make the broker unreachable (or slow)
 * for the app without stopping the machine's shared server.
 */
export class TcpProxy {
  readonly #sockets = new Set<net.Socket>()
  #server?: net.Server
  #delayMs = 0

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
      if (this.#delayMs === 0) to.write(chunk)
      else setTimeout(() => to.write(chunk), this.#delayMs)
    }
    client.on('data', relay(upstream))
    upstream.on('data', relay(client))
  }
}
