import { BaseCheck, Result } from '@adonisjs/core/health'
import type { MessageTransport } from '../building_blocks/infrastructure/messaging/message_transport.js'

/** Readiness of the message transport: a broker that cannot take events makes the host not ready. */
export class TransportCheck extends BaseCheck {
  name: string

  constructor(private readonly transport: MessageTransport) {
    super()
    this.name = `Message transport (${transport.name})`
  }

  async run() {
    try {
      await this.transport.checkConnection()
      return Result.ok(`${this.transport.name} answers`)
    } catch (error) {
      return Result.failed(error instanceof Error ? error : new Error(String(error)))
    }
  }
}
