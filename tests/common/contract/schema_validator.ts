import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { isDecimalMultipleOf } from './decimal_multiple.js'

// ajv-formats is CommonJS: under NodeNext its function is the `default` of what is imported.
const addFormats = addFormatsModule.default

/**
 * Ajv for the JSON Schema 2020-12 dialect of OpenAPI 3.1, with formats (uuid, date-time) and
 * an exact decimal `multipleOf` (see isDecimalMultipleOf). Unknown keywords such as OpenAPI's
 * `example` are allowed; every error is reported, not only the first.
 */
export function createSchemaValidator(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true })
  addFormats(ajv)
  ajv.removeKeyword('multipleOf')
  ajv.addKeyword({
    keyword: 'multipleOf',
    type: 'number',
    schemaType: 'number',
    errors: false,
    validate: (divisor: number, value: number) => isDecimalMultipleOf(value, divisor),
  })
  return ajv
}
