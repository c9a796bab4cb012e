/** The templates of a new module, under stubs/pantheon/module/ (add-module, and add-auth's Identity). */
export const MODULE_STUBS = [
  'registration',
  'api_versions',
  'sample_query',
  'sample_handler',
  'sample_endpoint',
  'integration_readme',
  'sample_handler_test',
  'sample_endpoint_test',
]
