/**
 * The public API of @pantheon/kit/integration: named exports only, pinned by
 * tests/unit/kit/public_api.spec.ts (docs/architecture.md, "The public API").
 */
export {
  defineIntegrationEvent,
  type IntegrationEvent,
  type IntegrationEventContract,
  type PayloadOf,
} from './integration_event.js'
export { checkPayload } from './payload_check.js'
export { dateText, dateTimeText, maxCharacters, maxDecimalPlaces } from './payload_rules.js'
