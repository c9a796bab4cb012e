import { connect, type Socket } from 'node:net'

export interface Answer {
  status: number
  headers: string
  body: string
}

/**
 * One connection to the suite's server (HOST:PORT), kept open between requests as a keep-alive
 * client keeps it: each request goes out as the bytes given, and the next one only after the
 * previous answer has arrived whole. Reads answers framed by Content-Length, which is how the
 * app frames every answer it writes.
 */
export class KeepAliveConnection {
  #received = ''
  #closed = false
  #waiting?: () => void

  private constructor(private readonly socket: Socket) {
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      this.#received += chunk
      this.#waiting?.()
    })
    socket.on('error', () => {})
    socket.on('close', () => {
      this.#closed = true
      this.#waiting?.()
    })
  }

  static open(): Promise<KeepAliveConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(Number(process.env.PORT), process.env.HOST, () =>
        resolve(new KeepAliveConnection(socket))
      )
      socket.once('error', reject)
    })
  }

  /** Sends a request; rejects when no whole answer arrives within `limitMs`. */
  async send(bytes: Buffer | string, limitMs: number): Promise<Answer> {
    this.socket.write(bytes)
    const deadline = Date.now() + limitMs
    for (;;) {
      const answer = this.#takeAnswer()
      if (answer) return answer
      if (this.#closed) throw new Error('the server closed the connection without an answer')
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`no answer within ${limitMs} ms`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.#waiting = () => {
          clearTimeout(timer)
          resolve()
        }
      })
    }
  }

  close() {
    this.socket.destroy()
  }

  #takeAnswer(): Answer | undefined {
    const headEnd = this.#received.indexOf('\r\n\r\n')
    if (headEnd === -1) return undefined
    const headers = this.#received.slice(0, headEnd)
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(headers)?.[1] ?? 0)
    const end = headEnd + 4 + length
    if (this.#received.length < end) return undefined
    const body = this.#received.slice(headEnd + 4, end)
    this.#received = this.#received.slice(end)
    return { status: Number(headers.slice(9, 12)), headers, body }
  }
}
