/**
 * The parameters of every list, beside its filters: a field of one of these names has none.
 * Apart from list_parameters.ts so the generators read it without loading the validator.
 */
export const LIST_PARAMETERS = new Set(['page', 'perPage', 'sort'])
