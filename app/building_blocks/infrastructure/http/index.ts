/**
 * The public API of @pantheon/kit/http: named exports only, pinned by
 * tests/unit/kit/public_api.spec.ts (docs/architecture.md, "The public API").
 */
export { answerBadUrl } from './bad_url.js'
export type { Caller } from '../auth/caller.js'
export { limitFailedAttempts } from '../auth/failed_attempts.js'
export { IdentityAdministration } from '../auth/identity_administration.js'
export { DeclaredPermissions } from '../auth/permissions.js'
export { type Endpoint, MediatorEndpoint, UUID_PARAM } from './endpoint.js'
export { versionTag } from './entity_tags.js'
export { BODY_METHODS, withJsonBody } from './json_body.js'
export { jsonDepth, MAX_JSON_DEPTH } from './json_depth.js'
export { ApiReference } from './openapi/api_reference.js'
export type { EndpointDocs } from './openapi/endpoint_docs.js'
export { buildOpenApiDocument } from './openapi/openapi_document.js'
export {
  defineRepresentation,
  ID_REPRESENTATION,
  type Representation,
  type RepresentationOf,
  TEXT_REPRESENTATION,
} from './openapi/representation.js'
export { pathParamNames, requestBodySchema } from './openapi/request_body_schema.js'
export { vineJsonSchema } from './openapi/vine_json_schema.js'
export { sendAppError, sendProblem, STATUS_BY_KIND } from './problem_details.js'
export { unknownFields } from './unknown_fields.js'
export {
  type ApiVersionText,
  parseApiVersion,
  parseApiVersionParameter,
  VERSION_SEGMENT_MATCHER,
  versionHeaderPattern,
  versionSegment,
  versionSpellingPattern,
} from './versioning/api_version.js'
export { ApiVersionPolicy, defineApiVersions } from './versioning/api_version_policy.js'
