import { defineConfig } from '@adonisjs/core/bodyparser'
import { BODY_METHODS } from '@pantheon/kit/http'

/**
 * Pantheon's HTTP API speaks JSON only. Bodies over 1 MB are refused with 413 and malformed
 * JSON with 400 (both as problem details, see app/exceptions/handler.ts); other content types
 * are refused with 415 by `withJsonBody` (app/building_blocks/infrastructure/http/json_body.ts),
 * which runs this parser on the routes that take a body.
 */
const bodyParserConfig = defineConfig({
  allowedMethods: BODY_METHODS,
  form: {
    convertEmptyStringsToNull: true,
    types: ['application/x-www-form-urlencoded'],
  },
  json: {
    convertEmptyStringsToNull: false,
    limit: '1mb',
    strict: true,
    types: ['application/json', 'application/*+json'],
  },
  multipart: {
    autoProcess: false,
    convertEmptyStringsToNull: true,
    processManually: [],
    limit: '1mb',
    types: ['multipart/form-data'],
  },
})

export default bodyParserConfig
