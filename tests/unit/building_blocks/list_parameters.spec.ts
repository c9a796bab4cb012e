import { test } from '@japa/runner'
import vine from '@vinejs/vine'
import {
  flatQueryParameters,
  listCriteria,
  rangeParameters,
  refusedListParameters,
  sortParameter,
} from '#kit/building_blocks/application/list_parameters'
import {
  queryParameterDocs,
  queryParametersProblem,
} from '#kit/building_blocks/infrastructure/http/query_parameters'

const FIELDS = ['name', 'price', 'launch'] as const

/** A list's parameters as add-query writes them, on three fields. */
const parameters = vine.create({
  page: vine.number().withoutDecimals().min(1).optional(),
  perPage: vine.number().withoutDecimals().range([1, 100]).optional(),
  sort: sortParameter(FIELDS),
  name: vine.string().optional(),
  price: vine.number().optional(),
  ...rangeParameters('price', () => vine.number().optional()),
  launch: vine.date({ formats: ['YYYY-MM-DD'] }).optional(),
  ...rangeParameters('launch', () => vine.date({ formats: ['YYYY-MM-DD'] }).optional()),
})

test.group('A list query string', () => {
  test('a range parameter is named as the API document names it', ({ assert }) => {
    assert.deepEqual(
      flatQueryParameters({ page: '2', price: { gte: '10', lt: '20' }, sort: ['name', '-price'] }),
      { 'page': '2', 'price[gte]': '10', 'price[lt]': '20', 'sort': ['name', '-price'] }
    )
    // Deeper stays an object, which no parameter takes.
    assert.deepEqual(flatQueryParameters({ price: { gte: { x: '1' } } }), {
      'price[gte]': { x: '1' },
    })
  })

  test('becomes the criteria of a repository: page, filters and order', async ({ assert }) => {
    const checked = await parameters.validate(
      flatQueryParameters({
        page: '2',
        name: 'Tea',
        price: { gte: '1.5', lt: '20' },
        sort: '-price,name',
      })
    )
    assert.deepEqual(listCriteria(checked, FIELDS, { perPage: 20 }), {
      page: 2,
      perPage: 20,
      filters: [
        { field: 'name', operator: '=', value: 'Tea' },
        { field: 'price', operator: '>=', value: 1.5 },
        { field: 'price', operator: '<', value: 20 },
      ],
      sort: [
        { field: 'price', descending: true },
        { field: 'name', descending: false },
      ],
    })
    assert.deepEqual(listCriteria({}, FIELDS, { perPage: 25 }), {
      page: 1,
      perPage: 25,
      filters: [],
      sort: [],
    })
  })

  test('a field named page, perPage or sort sorts but never filters', ({ assert }) => {
    const criteria = listCriteria({ page: 2, sort: ['-page'] }, ['page', 'name'], { perPage: 20 })
    assert.deepEqual(criteria.filters, [])
    assert.deepEqual(criteria.sort, [{ field: 'page', descending: true }])
  })

  test('answers 400 naming the sort keys, a repeated key and a refused range value', async ({
    assert,
  }) => {
    const problem = async (query: Record<string, unknown>) => {
      const answer = await queryParametersProblem(parameters, query)
      return answer?.errors ?? []
    }
    const [unknownKey] = await problem({ sort: 'name,colour' })
    assert.equal(unknownKey.field, 'sort')
    assert.include(
      unknownKey.message,
      'must be values separated by commas, each one of name, -name, price, -price, launch, -launch, none twice (it was "name,colour")'
    )
    const [twice] = await problem({ sort: ['name', 'name'] })
    assert.equal(twice.field, 'sort')
    const [range] = await problem({ price: { gte: 'cheap' } })
    assert.deepInclude(range, { field: 'price[gte]' })
    assert.include(range.message, 'must be a number (it was "cheap")')
    const [unknownRange] = await problem({ price: { near: '1' } })
    assert.include(
      unknownRange.message,
      'it takes page, perPage, sort, name, price, price[gt|gte|lt|lte], launch, launch[gt|gte|lt|lte]'
    )
    assert.deepEqual(await problem({ sort: '-launch', launch: { lt: '2026-01-01' } }), [])
  })

  test('a handler called with refused parameters answers 400 naming each', async ({ assert }) => {
    const [error] = await parameters.tryValidate({ 'sort': 'colour', 'price[lt]': 'x' })
    const refused = refusedListParameters(error)
    assert.equal(refused.code, 'Validation.Failed')
    assert.sameMembers(
      refused.fieldErrors.map((entry) => entry.field),
      ['sort.0', 'price[lt]']
    )
  })

  test('the API document gives sort as one parameter of comma-separated keys', ({ assert }) => {
    const docs = queryParameterDocs(parameters)
    assert.deepInclude(
      docs.find((parameter) => parameter.name === 'sort'),
      {
        in: 'query',
        style: 'form',
        explode: false,
      }
    )
    assert.deepInclude(
      docs.map((parameter) => parameter.name),
      'price[gte]'
    )
    const range = docs.find((parameter) => parameter.name === 'launch[lt]')
    assert.equal(range?.description, 'Only those whose launch is less than this')
  })
})
