import type { Assert } from '@japa/assert'
import { fieldName, type DrawnEntity } from './drawn_entity.js'
import type { Body } from './drawn_values.js'
import type { Send } from './matrix_app.js'

/** A stored row as the list holds it, oldest first. */
export interface ListedRow {
  id: string
  body: Body
}

/** A field of the list's query string, with its type (a reference filters as a UUID). */
interface ListField {
  field: string
  type: string
}

/** Names the list's own parameters take: such a property sorts but has no filter. */
const PARAMETER_NAMES = new Set(['page', 'perPage', 'sort'])

/** Types whose filter compares the text sent: equality, whatever the database's collation. */
const EQUALITY_TYPES = new Set(['string', 'int', 'date', 'enum', 'boolean', 'uuid'])
/** Types that take a range (`[gte]`) written exactly as the answer gives the value. */
const RANGE_TYPES = new Set(['int', 'date', 'datetime'])
/**
 * Types sorted here: text sorts by the database's collation (code points on SQLite, the locale
 * on PostgreSQL), which the matrix does not model.
 */
const SORT_TYPES = new Set(['int', 'decimal', 'number', 'date', 'datetime', 'boolean'])

function listFields(entity: DrawnEntity): ListField[] {
  return [
    ...entity.properties.map((property) => ({
      field: fieldName(property.pascal),
      type: property.type,
    })),
    ...(entity.reference ? [{ field: entity.reference.field, type: 'uuid' }] : []),
  ]
}

/** A value as the database orders and compares it. */
function comparable(type: string, value: unknown): number | string {
  if (type === 'datetime') return Date.parse(value as string)
  if (type === 'boolean') return value ? 1 : 0
  if (type === 'uuid') return (value as string).toLowerCase()
  return value as number | string
}

const idsOf = (answer: { body: any }) =>
  (answer.body?.items ?? []).map((item: { id: string }) => item.id) as string[]

/**
 * The list's parameters on the rows stored: a filter by one value of the newest row, a range
 * from it, a sort in both directions (an item with no value last either way, ties in id order),
 * and a 400 for each parameter the list does not take.
 */
export async function assertListParameters(
  assert: Assert,
  send: Send,
  entity: DrawnEntity,
  rows: ListedRow[]
) {
  const newest = rows[rows.length - 1].body
  const fields = listFields(entity)
  const held = (field: ListField) => newest[field.field] !== null
  const where = (field: ListField, keep: (value: number | string) => boolean) =>
    rows
      .filter((row) => row.body[field.field] !== null)
      .filter((row) => keep(comparable(field.type, row.body[field.field])))
      .map((row) => row.id)

  const equal = fields.find(
    (field) => EQUALITY_TYPES.has(field.type) && !PARAMETER_NAMES.has(field.field) && held(field)
  )
  if (equal) {
    const value = newest[equal.field]
    const query = `?${equal.field}=${encodeURIComponent(String(value))}`
    const found = await send('GET', `/${query}`)
    assert.equal(found.status, 200, `${query}: ${JSON.stringify(found.body)}`)
    const target = comparable(equal.type, value)
    assert.sameMembers(
      idsOf(found),
      where(equal, (candidate) => candidate === target),
      query
    )
  }

  const ranged = fields.find(
    (field) => RANGE_TYPES.has(field.type) && !PARAMETER_NAMES.has(field.field) && held(field)
  )
  if (ranged) {
    const value = newest[ranged.field]
    const query = `?${ranged.field}[gte]=${encodeURIComponent(String(value))}`
    const found = await send('GET', `/${query}`)
    assert.equal(found.status, 200, `${query}: ${JSON.stringify(found.body)}`)
    const from = comparable(ranged.type, value)
    assert.sameMembers(
      idsOf(found),
      where(ranged, (candidate) => candidate >= from),
      query
    )
  }

  const sorted = fields.find((field) => SORT_TYPES.has(field.type))
  if (sorted) {
    for (const descending of [false, true]) {
      const query = `?sort=${descending ? '-' : ''}${sorted.field}`
      const found = await send('GET', `/${query}`)
      assert.equal(found.status, 200, `${query}: ${JSON.stringify(found.body)}`)
      const order = rows
        .map((row, index) => ({ row, index, value: row.body[sorted.field] }))
        .sort((a, b) => {
          if (a.value === null || b.value === null) {
            return (a.value === null ? 1 : 0) - (b.value === null ? 1 : 0) || a.index - b.index
          }
          const [x, y] = [comparable(sorted.type, a.value), comparable(sorted.type, b.value)]
          const byValue = x < y ? -1 : x > y ? 1 : 0
          return (descending ? -byValue : byValue) || a.index - b.index
        })
      assert.deepEqual(
        idsOf(found),
        order.map(({ row }) => row.id),
        `${query}: ${JSON.stringify(found.body)}`
      )
    }
  }

  for (const query of ['?sort=notAField', '?page=0', '?perPage=101', '?notAParameter=1']) {
    const refused = await send('GET', `/${query}`)
    assert.equal(refused.status, 400, `${query}: ${JSON.stringify(refused.body)}`)
  }
}
