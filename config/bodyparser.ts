import { defineConfig } from '@adonisjs/core/bodyparser'

/**
 * Pantheon's HTTP API speaks JSON only. Bodies over 1 MB are refused with 413 and malformed
 * JSON with 400 (both as problem details, see app/exceptions/handler.ts); other content types
 * are refused with 415 by app/middleware/json_body_middleware.ts, which runs this parser.
 */
const bodyParserConfig = defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
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
