import { describeNonAscii, suggestPascalCase } from './name_suggestion.js'
import { ScaffoldError } from './scaffold_error.js'

/**
 * Words JavaScript refuses as a variable or parameter name in a module (strict mode). A name is
 * also an object key, a class field or a property access, where every word is fine; the
 * generator binds an entity as a variable under its camelCase name, so one of these words gets
 * a suffix there (bindingName).
 */
const BINDING_RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends ' +
    'false finally for function if import in instanceof new null return super switch this throw ' +
    'true try typeof var void while with implements interface let package private protected ' +
    'public static yield await arguments eval'
  ).split(' ')
)

/**
 * Names an entity class must not take: the kit's and the libraries' classes and the globals the
 * generated files import or use next to it (`class Entity extends Entity`, `Number(row.price)`
 * once a class `Number` shadows the global).
 */
const TAKEN_CLASS_NAMES = new Set(
  (
    'AggregateRoot Entity DomainEvent Command Query Result AppError CommandHandler QueryHandler ' +
    'BaseModel DateTime LucidUnitOfWork TypedId MediatorEndpoint HttpContext ' +
    'Array Boolean Date Error JSON Map Number Object Parameters Partial Promise Record Set String'
  ).split(' ')
)

/** PostgreSQL cuts identifiers at 63 bytes; a table or column name must fit. */
export const SQL_IDENTIFIER_LIMIT = 63

/**
 * knex names a table's primary key `<table>_pkey`, and PostgreSQL cuts that name at 63 bytes
 * too: a table of 63 characters gets a key of its own name, and creating it fails ("relation
 * already exists"). So a table name keeps room for the suffix.
 */
const TABLE_NAME_LIMIT = SQL_IDENTIFIER_LIMIT - '_pkey'.length

const PASCAL_CASE = /^[A-Z][a-zA-Z0-9]*$/

export type NameKind =
  | 'module'
  | 'entity'
  | 'property'
  | 'field'
  | 'command'
  | 'query'
  | 'endpoint'
  | 'event'
  | 'migration'
  | 'application'

/**
 * Checks a name given on the command line before anything is written. Refuses only what the
 * generated code cannot carry: path parts, anything but ASCII PascalCase (files, classes and
 * routes are derived from it), an SQL identifier longer than PostgreSQL keeps, and names that
 * clash with what the generated files import or declare. SQL keywords and the words JavaScript
 * reserves are fine: tables are prefixed with their module, every identifier is quoted, and a
 * reserved word is never bound as a variable (bindingName).
 */
export function assertPascalCaseName(
  name: string,
  what: NameKind,
  options: { sql?: boolean } = {}
): void {
  if (name.includes('/') || name.includes('\\') || name.includes('..')) {
    throw new ScaffoldError(`The ${what} name "${name}" must not contain "/", "\\" or ".."`)
  }
  if (!PASCAL_CASE.test(name)) {
    const suggestion = suggestPascalCase(name)
    // A look-alike or an invisible character is why a name that looks right is refused.
    const foreign = describeNonAscii(name)
    throw new ScaffoldError(
      `The ${what} name "${name}" must be PascalCase in plain ASCII: a capital letter A-Z, then letters and digits (it becomes file, class and table names)` +
        (foreign === undefined ? '' : `; not ASCII: ${foreign}`),
      suggestion && suggestion !== name
        ? `For example: ${suggestion}`
        : 'No suggestion: start with a letter A-Z and use only letters and digits'
    )
  }
  const camel = camelCase(name)
  if (what === 'entity' && TAKEN_CLASS_NAMES.has(name)) {
    throw new ScaffoldError(
      `The entity name "${name}" cannot be used: the generated files already import or use a "${name}" (from the kit, Lucid, Luxon or JavaScript itself)`,
      `Choose another name, e.g. ${name}Item or ${name}Record`
    )
  }
  if (what === 'property' && camel === 'constructor') {
    throw new ScaffoldError(
      `The property name "${name}" cannot be used: a class may not have a field named "constructor"`,
      `Choose another name, e.g. ${name}Name`
    )
  }
  if (what === 'module' && snakeCase(name) === 'pantheon') {
    throw new ScaffoldError(
      `The module name "${name}" cannot be used: its tables would share the prefix pantheon_ of the kit's own tables (pantheon_outbox, pantheon_inbox, pantheon_dead_letters)`,
      'Choose another name'
    )
  }
  if (what === 'field' && camel === 'constructor') {
    throw new ScaffoldError(
      `The field name "${name}" cannot be used: a class may not have a field named "constructor"`,
      `Choose another name, e.g. ${name}Name`
    )
  }
  if (options.sql && snakeCase(name).length > SQL_IDENTIFIER_LIMIT) {
    throw new ScaffoldError(
      `The ${what} name "${name}" is too long: as a table or column name (${snakeCase(name)}) it passes the ${SQL_IDENTIFIER_LIMIT} characters PostgreSQL keeps`
    )
  }
}

/**
 * Refuses a table name PostgreSQL would not keep as written (TABLE_NAME_LIMIT). Only ASCII gets
 * this far, so characters are bytes. `what` says whose table it is: "the entity Product".
 */
export function assertTableName(table: string, what: string): void {
  if (table.length > TABLE_NAME_LIMIT) {
    throw new ScaffoldError(
      `The table of ${what} would be ${table} (${table.length} characters): a table name has at most ${TABLE_NAME_LIMIT}, so that PostgreSQL keeps it and its primary key (${table}_pkey) within its ${SQL_IDENTIFIER_LIMIT}`,
      "Choose a shorter name: the table is the module's folder, _, then the plural in snake_case"
    )
  }
}

/**
 * Names the generated files give their own variables and parameters in the scopes where they
 * also hold an entity (handlers, repositories, starter tests: `test.group(…, (group) => …)`,
 * `async ({ client, assert })`, `const existing = …`): an entity held in a variable of the same
 * name would shadow or redeclare them.
 */
const GENERATED_LOCALS = new Set(
  (
    'again assert body changed changes client command criteria ctx current db error event events ' +
    'existing found group id input items kept outbox page patched query refused removed ' +
    'repository response row rows saved second snapshot stale stored table taken total unchanged ' +
    'unit updated url valid value version'
  ).split(' ')
)

/**
 * A camelCase name usable as the variable holding an entity in generated files: a reserved word
 * or a name those files use for something else gets the suffix (`class` → `classEntity`,
 * `group` → `groupEntity`), others stay.
 */
export function bindingName(camel: string, suffix: string): string {
  return BINDING_RESERVED.has(camel) || GENERATED_LOCALS.has(camel) ? `${camel}${suffix}` : camel
}

/** "RestockOrderItem" → "restock order item", as a sentence says it. */
export function sentenceWords(pascal: string): string {
  return pascal.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
}

/** OrderItems → order_items */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
}

/** OrderItems → orderItems */
export function camelCase(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1)
}

/** orderItems or order_items → OrderItems */
export function pascalCase(name: string): string {
  return name.replace(/(^|_)([a-z0-9])/g, (_match, _separator, letter: string) =>
    letter.toUpperCase()
  )
}

/** The names a module is known by, derived once from what the user typed. */
export interface ModuleNames {
  /** As typed: OrderItems */
  pascal: string
  /** Folder under modules/ and PantheonModule.name: order_items */
  folder: string
  /** Registration class: OrderItemsModule */
  className: string
  /** Words for messages: "Order items" */
  title: string
}

export function moduleNames(name: string): ModuleNames {
  const folder = snakeCase(name)
  const words = folder.replace(/_/g, ' ')
  return {
    pascal: name,
    folder,
    className: `${name}Module`,
    title: words.charAt(0).toUpperCase() + words.slice(1),
  }
}
