/**
 * The public API of @pantheon/kit/domain: named exports only, pinned by
 * tests/unit/kit/public_api.spec.ts (docs/architecture.md, "The public API").
 */
export { AggregateRoot } from './aggregate_root.js'
export { DomainError } from './domain_error.js'
export type { DomainEvent } from './domain_event.js'
export { Entity } from './entity.js'
export type { ListCriteria, ListOperator } from './list_criteria.js'
export {
  defineEntity,
  PROPERTY_TYPES,
  type PropertyDefinition,
  type PropertyType,
  type ValuePropertyType,
  requireProperty,
} from './entity_definition.js'
export { type TypedId, typedIdFactory } from './typed_id.js'
export { characterCount } from './character_count.js'
