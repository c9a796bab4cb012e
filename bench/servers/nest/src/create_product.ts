import { randomUUID } from 'node:crypto'
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs'
import { DataSource } from 'typeorm'
import { v7 as uuidv7 } from 'uuid'
import { OutboxMessage } from './outbox_message.entity.js'
import { Product } from './product.entity.js'

export class CreateProductCommand extends Command<string> {
  constructor(
    readonly name: string,
    readonly price: number
  ) {
    super()
  }
}

/**
 * The statements Pantheon's create runs with its relay in the process, in one transaction: the
 * product and its ProductCreated outbox row (that relay is woken without a notification).
 */
@CommandHandler(CreateProductCommand)
export class CreateProductHandler implements ICommandHandler<CreateProductCommand, string> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ name, price }: CreateProductCommand): Promise<string> {
    const id = uuidv7()
    const now = new Date()
    await this.dataSource.transaction(async (manager) => {
      await manager.insert(Product, { id, name, price: price.toFixed(2), createdAt: now })
      await manager.insert(OutboxMessage, {
        id: uuidv7(),
        type: 'catalog.product_created',
        version: 1,
        payload: JSON.stringify({ id, name, price }),
        correlationId: randomUUID(),
        occurredAt: now,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
      })
    })
    return id
  }
}
