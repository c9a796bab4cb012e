// Edited after generation: the rules of the specification (a length counted as sent, then trimmed; a price from 0 with at most 2 decimals) and no category.
import vine from '@vinejs/vine'
import { defineCommandValidator } from '@pantheon/kit/application'
import { CreateProductCommand } from './create_product_command.js'
import { productName, productPrice } from '../../product_rules.js'

export default defineCommandValidator(
  CreateProductCommand,
  vine.create({ name: productName(), price: productPrice() })
)
