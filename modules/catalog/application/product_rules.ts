// Written by hand: the specification's rules for a product's fields, shared by the commands of both API versions.
import vine from '@vinejs/vine'
import { maxCharacters } from '@pantheon/kit/application'
import { MAX_PRICE } from '../domain/price.js'

const PRODUCT_NAME_MAX_LENGTH = 200
const PRODUCT_CATEGORY_MAX_LENGTH = 100

/**
 * The length limit applies to the text as sent and the trimmed text must not be empty: the API
 * document says exactly that (maxLength, and a pattern asking for a non-space character). Both
 * count characters, not UTF-16 code units (maxCharacters).
 */
function requiredText(maxLength: number) {
  return vine.string().use(maxCharacters(maxLength)).trim().minLength(1)
}

export const productName = () => requiredText(PRODUCT_NAME_MAX_LENGTH)
export const productCategory = () => requiredText(PRODUCT_CATEGORY_MAX_LENGTH)

/** A JSON number (a numeric string is refused) from 0 to MAX_PRICE, exact to the cent. */
export const productPrice = () =>
  vine.number({ strict: true }).min(0).max(MAX_PRICE).decimal([0, 2])
