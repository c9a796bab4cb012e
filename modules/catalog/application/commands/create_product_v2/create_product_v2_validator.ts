import vine from '@vinejs/vine'
import { defineCommandValidator } from '@pantheon/kit/application'
import { MAX_PRICE } from '../../../domain/price.js'
import { PRODUCT_CATEGORY_MAX_LENGTH, PRODUCT_NAME_MAX_LENGTH } from '../../../domain/product.js'
import { CreateProductV2Command } from './create_product_v2_command.js'

export default defineCommandValidator(
  CreateProductV2Command,
  vine.create({
    name: vine.string().trim().minLength(1).maxLength(PRODUCT_NAME_MAX_LENGTH),
    price: vine.number({ strict: true }).min(0).max(MAX_PRICE).decimal([0, 2]),
    category: vine.string().trim().minLength(1).maxLength(PRODUCT_CATEGORY_MAX_LENGTH),
  })
)
