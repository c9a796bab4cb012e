import { defineConfig } from '@adonisjs/core/bodyparser'
import { BODY_METHODS } from '@pantheon/kit/http'

/**
 * Pantheon's HTTP API speaks JSON only: `withJsonBody` (@pantheon/kit/http) reads the bodies of
 * the routes that take one, with the JSON limit set here (413 past it, decompressed size
 * included), and refuses other content types (415), malformed, undecodable or too deeply nested
 * JSON and NUL characters (400), all as problem details. The rest of this file applies to the
 * framework's own parser, which an app may still register as router middleware.
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
