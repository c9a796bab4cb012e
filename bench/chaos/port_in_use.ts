import { connect } from 'node:net'

/**
 * Whether something already listens on 127.0.0.1:`port`. The server is known to be up once its
 * port answers, so a server left there by an earlier run would take the requests meant for
 * this one.
 */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
