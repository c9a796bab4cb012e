import vine from '@vinejs/vine'
import { defineCommandValidator } from '#building_blocks/application/validation/command_validator'
import { DeleteProductCommand } from './delete_product_command.js'

export default defineCommandValidator(DeleteProductCommand, vine.create({ id: vine.string().uuid() }))
