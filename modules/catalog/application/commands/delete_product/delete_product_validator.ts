import vine from '@vinejs/vine'
import { defineCommandValidator } from '@pantheon/kit/application'
import { DeleteProductCommand } from './delete_product_command.js'

export default defineCommandValidator(
  DeleteProductCommand,
  vine.create({
    id: vine.string().uuid(),
  })
)
