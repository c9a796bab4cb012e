// Edited after generation: the rules of the specification (a length counted as sent, then trimmed; a price from 0 with at most 2 decimals).
import vine from '@vinejs/vine'
import { defineCommandValidator } from '@pantheon/kit/application'
import { CreateProductV2Command } from './create_product_v2_command.js'
import { productCategory, productName, productPrice } from '../../product_rules.js'

export default defineCommandValidator(
  CreateProductV2Command,
  vine.create({ name: productName(), price: productPrice(), category: productCategory() })
)
