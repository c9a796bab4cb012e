import vine from '@vinejs/vine'
import { defineCommandValidator, maxCharacters } from '@pantheon/kit/application'
import { MAX_PRICE } from '../../../domain/price.js'
import { PRODUCT_NAME_MAX_LENGTH } from '../../../domain/product.js'
import { CreateProductCommand } from './create_product_command.js'

/**
 * The length limit applies to the text as sent and the trimmed text must not be empty: the API
 * document says exactly that (maxLength, and a pattern asking for a non-space character). Both
 * count characters, not UTF-16 code units (maxCharacters).
 */
export default defineCommandValidator(
  CreateProductCommand,
  vine.create({
    name: vine.string().use(maxCharacters(PRODUCT_NAME_MAX_LENGTH)).trim().minLength(1),
    price: vine.number({ strict: true }).min(0).max(MAX_PRICE).decimal([0, 2]),
  })
)
