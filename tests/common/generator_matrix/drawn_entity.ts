import fc from 'fast-check'
import string from '@adonisjs/core/helpers/string'
import { PROPERTY_TYPES, type ValuePropertyType } from '@pantheon/kit/domain'
import { snakeCase } from '#kit/scaffolding/names'
import { referencePascal } from '#kit/scaffolding/references'

/** The property types `add-entity` takes (docs/commands.md, "Types"). */
type DrawnType = ValuePropertyType

/** One property as the definition file holds it, with its PascalCase name. */
export interface DrawnProperty {
  pascal: string
  type: DrawnType
  optional: boolean
  /** string(length) */
  length?: number
  /** decimal(precision,scale) */
  precision?: number
  scale?: number
  /** enum(values) */
  values?: string[]
  /** `:unique`: no two rows hold the same value (rows holding none do not count). */
  unique?: boolean
}

/** `<Pascal>:references(<Entity>)`: another entity of the module, with a CRUD of its own. */
export interface DrawnReference {
  /** As --properties names it; its field is the id (`Maker` → `makerId`). */
  pascal: string
  field: string
  optional: boolean
  /** The referenced entity and its own (value) properties. */
  entity: string
  properties: DrawnProperty[]
}

/** A part of the aggregate (`add-entity <Name> --part-of <Aggregate>`), held as a list. */
export interface DrawnPart {
  name: string
  /** The aggregate's field holding the list: `lines` for an OrderLine of an Order. */
  field: string
  properties: DrawnProperty[]
  minItems?: number
  maxItems?: number
}

export interface DrawnEntity {
  module: string
  name: string
  aggregate: boolean
  /** Its value properties; a reference and a part are held apart. */
  properties: DrawnProperty[]
  reference?: DrawnReference
  part?: DrawnPart
}

/** The change made to the definition file once the table has rows. */
export interface DrawnChange {
  added: DrawnProperty
  /** Always required: the rows already there take its type's default. */
  addedRequired: DrawnProperty
  dropped?: string
  retyped?: { pascal: string; to: DrawnProperty }
}

/**
 * Words JavaScript refuses as a variable or parameter name, and the names the entity uses for
 * itself: the generator refuses them as property names (docs/commands.md), so they are not drawn.
 */
const REFUSED_PROPERTY_NAMES = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends ' +
    'false finally for function if import in instanceof new null return super switch this throw ' +
    'true try typeof var void while with implements interface let package private protected ' +
    'public static yield await arguments eval constructor ' +
    'id version create restore toSnapshot withChanges markDeleted raise pullDomainEvents equals'
  ).split(' ')
)

/** Class names the generated files already use, refused as entity names. */
const REFUSED_ENTITY_NAMES = new Set(
  (
    'AggregateRoot Entity DomainEvent Command Query Result AppError CommandHandler QueryHandler ' +
    'BaseModel DateTime LucidUnitOfWork TypedId MediatorEndpoint HttpContext ' +
    'Array Boolean Date Error JSON Map Number Object Parameters Partial Promise Record Set String'
  ).split(' ')
)

const camel = (name: string) => name.charAt(0).toLowerCase() + name.slice(1)

/** Ordinary words, SQL keywords among them, that users give entities and properties. */
const ORDINARY_WORDS = [
  'Order',
  'User',
  'Group',
  'Status',
  'Select',
  'Type',
  'Key',
  'Value',
  'Name',
  'Price',
  'Total',
  'Note',
  'Count',
  'Level',
  'Data',
  'Email',
  'Title',
  'Table',
  'Where',
  'From',
]

/** A PascalCase name: ordinary words, or arbitrary capitalised segments, maybe a digit. */
const pascalName = fc
  .tuple(
    fc.array(fc.oneof(fc.constantFrom(...ORDINARY_WORDS), fc.stringMatching(/^[A-Z][a-z]{1,7}$/)), {
      minLength: 1,
      maxLength: 3,
    }),
    fc.option(fc.integer({ min: 0, max: 9 }), { freq: 5 })
  )
  .map(([words, digit]) => `${words.join('')}${digit ?? ''}`)

const propertyName = pascalName.filter((name) => !REFUSED_PROPERTY_NAMES.has(camel(name)))

const entityName = fc
  .oneof(fc.constantFrom('Order', 'User', 'Group', 'Status', 'Select', 'Item'), pascalName)
  .filter((name) => !REFUSED_ENTITY_NAMES.has(name) && !REFUSED_PROPERTY_NAMES.has(camel(name)))

const enumValue = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,11}$/)

/**
 * Whether a property of these options is drawn as a unique key: the types a unique key takes whose
 * values are many (not boolean or enum, nor string(1) or decimal(1,0), where two rows would
 * clash at once).
 */
function mayBeUnique(property: DrawnProperty): boolean {
  if (['text', 'json', 'boolean', 'enum'].includes(property.type)) return false
  if (property.type === 'string') return (property.length ?? 255) >= 3
  if (property.type === 'decimal') return (property.precision ?? 15) >= 3
  return true
}

/** A property's type and options; its name is given. A third of those that may be are unique. */
function typedProperty(
  pascal: string,
  optional: fc.Arbitrary<boolean>,
  unique: fc.Arbitrary<boolean> = fc.constantFrom(false, false, true)
) {
  return fc
    .record({
      pascal: fc.constant(pascal),
      optional,
      unique,
      type: fc.constantFrom(...PROPERTY_TYPES),
      length: fc.option(fc.integer({ min: 1, max: 300 }), { nil: undefined }),
      digits: fc.option(
        fc.integer({ min: 1, max: 15 }).chain((precision) =>
          fc.record({
            precision: fc.constant(precision),
            scale: fc.integer({ min: 0, max: precision }),
          })
        ),
        { nil: undefined }
      ),
      values: fc.uniqueArray(enumValue, { minLength: 1, maxLength: 4 }),
    })
    .map(
      ({ pascal: name, optional: isOptional, unique: isUnique, type, length, digits, values }) => {
        const property: DrawnProperty = { pascal: name, type, optional: isOptional }
        if (type === 'string' && length !== undefined) property.length = length
        if (type === 'decimal' && digits) Object.assign(property, digits)
        if (type === 'enum') property.values = values
        if (isUnique && mayBeUnique(property)) property.unique = true
        return property
      }
    )
}

/** 1–12 properties with unique names; Group, Status and Order turn up often. */
const properties = fc
  .uniqueArray(fc.oneof(fc.constantFrom('Group', 'Status', 'Order'), propertyName), {
    minLength: 1,
    maxLength: 12,
    selector: (name) => name.toLowerCase(),
  })
  .chain((names) => fc.tuple(...names.map((name) => typedProperty(name, fc.boolean()))))

/** The module names the matrix tries: an ordinary word, one a reference app also has, two words. */
export const MATRIX_MODULES = ['Catalog', 'Sales', 'OrderItems']

/** Every field of the entity, its reference's and its parts' included, lower-cased. */
function takenFields(entity: DrawnEntity): Set<string> {
  return new Set(
    [
      ...entity.properties.map((property) => property.pascal),
      entity.reference?.field,
      entity.part?.field,
    ]
      .filter((name) => name !== undefined)
      .map((name) => name.toLowerCase())
  )
}

/** 1–`max` value properties of unique names, none a unique key (a referenced row's or a part's). */
const plainProperties = (max: number, allowed: (name: string) => boolean) =>
  fc
    .uniqueArray(propertyName.filter(allowed), {
      minLength: 1,
      maxLength: max,
      selector: (name) => name.toLowerCase(),
    })
    .chain((names) =>
      fc.tuple(...names.map((name) => typedProperty(name, fc.boolean(), fc.constant(false))))
    )

/** Names of referenced entities: ordinary words, SQL keywords among them. */
const REFERENCED_NAMES = ['Customer', 'Maker', 'Owner', 'Group', 'Select', 'Table', 'Status']

/** A reference to another entity of the module, under a property name the entity has free. */
function referenceOf(entity: DrawnEntity): fc.Arbitrary<DrawnReference> {
  const taken = takenFields(entity)
  const unrelated = (name: string) => !name.startsWith(entity.name) && !entity.name.startsWith(name)
  return fc
    .record({
      pascal: propertyName.filter((name) => !taken.has(referencePascal(name).toLowerCase())),
      optional: fc.boolean(),
      entity: fc.constantFrom(...REFERENCED_NAMES.filter(unrelated)),
      properties: plainProperties(3, () => true),
    })
    .map((reference) => ({ ...reference, field: camel(referencePascal(reference.pascal)) }))
}

/**
 * A part named after its aggregate (`OrderLine`), its field free on the aggregate, its properties
 * none of the columns that key its table, maybe bounded in count.
 */
function partOf(entity: DrawnEntity): fc.Arbitrary<DrawnPart> {
  const taken = takenFields(entity)
  const keyColumns = [`${snakeCase(entity.name)}_id`, 'position']
  const suffixes = ['Line', 'Entry', 'Step', 'Item'].filter(
    (suffix) => !taken.has(camel(string.plural(suffix)).toLowerCase())
  )
  return fc
    .record({
      suffix: fc.constantFrom(...suffixes),
      properties: plainProperties(4, (name) => !keyColumns.includes(snakeCase(name))),
      bounds: fc.option(
        fc
          .record({ min: fc.integer({ min: 0, max: 2 }), max: fc.integer({ min: 1, max: 4 }) })
          .filter(({ min, max }) => min <= max),
        { nil: undefined }
      ),
    })
    .map(({ suffix, properties: partProperties, bounds }) => ({
      name: `${entity.name}${suffix}`,
      field: camel(string.plural(suffix)),
      properties: partProperties,
      ...(bounds ? { minItems: bounds.min, maxItems: bounds.max } : {}),
    }))
}

/** An entity; most often with a reference, and as an aggregate, most often with a part. */
export const drawnEntity: fc.Arbitrary<DrawnEntity> = fc
  .record({
    module: fc.constantFrom(...MATRIX_MODULES),
    name: entityName,
    aggregate: fc.boolean(),
    properties,
  })
  .chain((entity) =>
    fc.option(referenceOf(entity), { nil: undefined, freq: 3 }).chain((reference) => {
      const referring: DrawnEntity = reference ? { ...entity, reference } : entity
      if (!entity.aggregate) return fc.constant(referring)
      return fc
        .option(partOf(referring), { nil: undefined, freq: 3 })
        .map((part) => (part ? { ...referring, part } : referring))
    })
  )

/** A part's or a referenced entity's properties as an entity of their own, to draw values. */
export function asEntity(
  of: DrawnEntity,
  other: { name: string; properties: DrawnProperty[] }
): DrawnEntity {
  return { module: of.module, name: other.name, aggregate: false, properties: other.properties }
}

/** An enum value none of `values` is, for an enum that gains one. */
function unusedValue(values: string[]): string {
  let value = 'added'
  while (values.includes(value)) value += '1'
  return value
}

/**
 * Retyping a column holding a row converts its value in the database; these conversions keep
 * every value the old type's validator accepts, so the row reads back the same. An enum becomes
 * text or gains a value (the migration rebuilds the column, as its CHECK changes).
 */
function widened(property: DrawnProperty): DrawnProperty | undefined {
  // A unique key's column keeps its type: string to text would refuse the key, and the others
  // would change what counts as the same value.
  if (property.unique) return undefined
  const base = { pascal: property.pascal, optional: property.optional }
  switch (property.type) {
    case 'string':
      return { ...base, type: 'text' }
    case 'int':
      return { ...base, type: 'decimal' }
    case 'decimal':
      return { ...base, type: 'number' }
    case 'enum':
      return property.values!.length % 2 === 0
        ? { ...base, type: 'text' }
        : { ...base, type: 'enum', values: [...property.values!, unusedValue(property.values!)] }
    default:
      return undefined
  }
}

/** A change of the entity: a property added, one required added, one dropped, one retyped. */
export function drawnChange(entity: DrawnEntity): fc.Arbitrary<DrawnChange> {
  const taken = takenFields(entity)
  const freshNames = fc.uniqueArray(
    propertyName.filter((name) => !taken.has(name.toLowerCase())),
    { minLength: 2, maxLength: 2, selector: (name) => name.toLowerCase() }
  )
  return fc
    .record({
      names: freshNames,
      droppedIndex: fc.nat(),
      retypedIndex: fc.nat(),
    })
    .chain(({ names, droppedIndex, retypedIndex }) => {
      const all = entity.properties
      const dropped = all.length > 1 ? all[droppedIndex % all.length].pascal : undefined
      const retypeable = all.filter(
        (property) => property.pascal !== dropped && widened(property) !== undefined
      )
      const retypedFrom = retypeable.length
        ? retypeable[retypedIndex % retypeable.length]
        : undefined
      return fc.record({
        // Unique keys too: the table holds one row when they are added, so the default it gets
        // clashes with nothing.
        added: typedProperty(names[0], fc.boolean()),
        addedRequired: typedProperty(names[1], fc.constant(false)),
        dropped: fc.constant(dropped),
        retyped: fc.constant(
          retypedFrom ? { pascal: retypedFrom.pascal, to: widened(retypedFrom)! } : undefined
        ),
      })
    })
}

/** The entity after the change, properties in the definition file's order. */
export function changedEntity(entity: DrawnEntity, change: DrawnChange): DrawnEntity {
  const kept = entity.properties
    .filter((property) => property.pascal !== change.dropped)
    .map((property) => (property.pascal === change.retyped?.pascal ? change.retyped.to : property))
  return { ...entity, properties: [...kept, change.added, change.addedRequired] }
}

/** `Price:decimal(10,2)?`, as --properties takes it. */
export function propertyFlag(property: DrawnProperty): string {
  const options =
    property.type === 'enum'
      ? `(${property.values!.join(',')})`
      : property.length !== undefined
        ? `(${property.length})`
        : property.precision !== undefined
          ? `(${property.precision},${property.scale})`
          : ''
  return `${property.pascal}:${property.type}${options}${property.optional ? '?' : ''}${property.unique ? ':unique' : ''}`
}

/** `Maker:references(Customer)?`, as --properties takes it. */
export function referenceFlag(reference: DrawnReference): string {
  return `${reference.pascal}:references(${reference.entity})${reference.optional ? '?' : ''}`
}

/** The reference's literal in the definition file, as add-entity writes it. */
export function referenceLiteral(reference: DrawnReference): string {
  return `{ type: 'reference', optional: ${reference.optional}, entity: '${reference.entity}' }`
}

/** The property's literal in the definition file, as add-entity writes it. */
export function definitionLiteral(property: DrawnProperty): string {
  const options = [
    property.length === undefined ? '' : `, length: ${property.length}`,
    property.precision === undefined ? '' : `, precision: ${property.precision}`,
    property.scale === undefined ? '' : `, scale: ${property.scale}`,
    property.values === undefined
      ? ''
      : `, values: [${property.values.map((value) => `'${value}'`).join(', ')}]`,
    property.unique ? ', unique: true' : '',
  ].join('')
  return `{ type: '${property.type}', optional: ${property.optional}${options} }`
}

export { camel as fieldName }
