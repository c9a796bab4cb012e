// Written by hand: the contract's changes a consumer could not read are refused.
import { test } from '@japa/runner'
import vine from '@vinejs/vine'
import type { SchemaTypes } from '@vinejs/vine/types'
import { defineIntegrationEvent, type IntegrationEventContract } from '@pantheon/kit/integration'
import { buildAsyncApiDocument } from '@pantheon/kit/messaging'
import { findBreakingEventChanges } from '@pantheon/kit/testing'
import { productCreatedEvent } from '../../integration/product_created.js'

type Properties = Record<string, SchemaTypes>

/** The fields of the published contract, as VineJS schemas to edit in memory. */
const published = (
  productCreatedEvent.schema as unknown as { schema: { getProperties(): Properties } }
).schema.getProperties()

function catalogDocument(contract: IntegrationEventContract<unknown>) {
  return buildAsyncApiDocument({
    module: 'catalog',
    publishes: [contract],
    consumes: [],
    names: { streamPrefix: 'pantheon:events:', exchange: 'pantheon.events', queuePrefix: 'p.' },
  })
}

/** Catalog's contract, same type and version, with its fields changed by `edit`. */
function edited(edit: (properties: Properties) => Properties) {
  const { type, version } = productCreatedEvent
  return defineIntegrationEvent(type, version, vine.create(edit({ ...published })))
}

/** What the gate says of an edit to the published version 1 of catalog.product_created. */
function gate(
  edit: (properties: Properties) => Properties,
  from = catalogDocument(productCreatedEvent)
) {
  return findBreakingEventChanges(from, catalogDocument(edited(edit)))
}

const MESSAGE = 'catalog_product_created_v1'

test.group('ProductCreated breaking-change gate', () => {
  test('passes the contract as it is, and with an added optional field', ({ assert }) => {
    assert.deepEqual(
      gate((properties) => properties),
      []
    )
    assert.deepEqual(
      gate((properties) => ({ ...properties, note: vine.string().optional() })),
      []
    )
  })

  test('fails when a field is removed', ({ assert }) => {
    const withoutName = ({ name, ...rest }: Properties) => {
      void name
      return rest
    }
    assert.deepEqual(gate(withoutName), [`${MESSAGE}.payload.name: the field was removed`])
  })

  test('fails when a type changes', ({ assert }) => {
    assert.deepEqual(
      gate((properties) => ({ ...properties, price: vine.string() })),
      [`${MESSAGE}.payload.price: type changed from number to string`]
    )
  })

  test('fails when a field becomes required', ({ assert }) => {
    assert.deepEqual(
      gate((properties) => ({ ...properties, category: vine.string().trim().minLength(1) })),
      [`${MESSAGE}.payload.category: the field became required`]
    )
  })

  test('fails when an enum is narrowed', ({ assert }) => {
    const withStatus = (values: string[]) => (properties: Properties) => ({
      ...properties,
      status: vine.enum(values).optional(),
    })
    const before = catalogDocument(edited(withStatus(['draft', 'live'])))
    assert.deepEqual(gate(withStatus(['live']), before), [
      `${MESSAGE}.payload.status: enum value "draft" was removed`,
    ])
    assert.deepEqual(gate(withStatus(['draft', 'live', 'retired']), before), [])
  })

  test('fails when the published version disappears', ({ assert }) => {
    const without = buildAsyncApiDocument({
      module: 'catalog',
      publishes: [],
      consumes: [],
      names: { streamPrefix: 'pantheon:events:', exchange: 'pantheon.events', queuePrefix: 'p.' },
    })
    assert.deepEqual(findBreakingEventChanges(catalogDocument(productCreatedEvent), without), [
      `${MESSAGE}: the contract version is no longer published`,
    ])
  })
})
