import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript'

/**
 * The TypeScript types openapi-typescript generates from an OpenAPI document (`paths`,
 * `components`, `operations`), as the text of a module: what a client author gets from
 * `npx openapi-typescript`, made with its Node API so no CLI is downloaded.
 */
export async function generatedTypes(document: object): Promise<string> {
  const ast = await openapiTS(document as OpenAPI3, { silent: true })
  return COMMENT_HEADER + astToString(ast)
}
