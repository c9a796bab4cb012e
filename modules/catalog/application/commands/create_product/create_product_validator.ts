import vine from '@vinejs/vine'
import { defineCommandValidator } from '@pantheon/kit/application'
import { MAX_PRICE } from '../../../domain/price.js'
import { PRODUCT_NAME_MAX_LENGTH } from '../../../domain/product.js'
import { CreateProductCommand } from './create_product_command.js'

export default defineCommandValidator(
  CreateProductCommand,
  vine.create({
    name: vine.string().trim().minLength(1).maxLength(PRODUCT_NAME_MAX_LENGTH),
    price: vine.number({ strict: true }).min(0).max(MAX_PRICE).decimal([0, 2]),
  })
)
