import { ScaffoldError } from './scaffold_error.js'

const TYPESCRIPT_RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends ' +
    'false finally for function if import in instanceof new null return super switch this throw ' +
    'true try typeof var void while with implements interface let package private protected ' +
    'public static yield any boolean constructor declare get module require number set string ' +
    'symbol type from of async await never unknown object undefined arguments eval'
  ).split(' ')
)

const SQL_RESERVED = new Set(
  (
    'all alter and any as asc between by case check column constraint create cross current ' +
    'default delete desc distinct drop else end except exists false fetch for foreign from full ' +
    'grant group having in index inner insert intersect into is join key left like limit not null ' +
    'offset on or order outer primary references right select session set some table then to ' +
    'true union unique update user using values view when where with'
  ).split(' ')
)

const PASCAL_CASE = /^[A-Z][a-zA-Z0-9]*$/

/**
 * Checks a name given on the command line before anything is written: PascalCase, not a
 * reserved word of TypeScript (nor of SQL when it becomes a table or column), no path parts.
 */
export function assertPascalCaseName(
  name: string,
  what: string,
  options: { sql?: boolean } = {}
): void {
  if (name.includes('/') || name.includes('\\') || name.includes('..')) {
    throw new ScaffoldError(`The ${what} name "${name}" must not contain "/", "\\" or ".."`)
  }
  if (!PASCAL_CASE.test(name)) {
    throw new ScaffoldError(
      `The ${what} name "${name}" must be PascalCase: a capital letter, then letters and digits`,
      `For example: ${suggestPascalCase(name) || 'Orders'}`
    )
  }
  const lower = name.toLowerCase()
  if (TYPESCRIPT_RESERVED.has(lower)) {
    throw new ScaffoldError(`The ${what} name "${name}" is a reserved word in TypeScript`)
  }
  if (options.sql && SQL_RESERVED.has(snakeCase(name))) {
    throw new ScaffoldError(`The ${what} name "${name}" is a reserved word in SQL`)
  }
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

function suggestPascalCase(name: string): string {
  return name
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')
    .replace(/^[0-9]+/, '')
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
