/**
 * The length of a text in characters (Unicode code points), as JSON Schema's `minLength` and
 * `maxLength` and PostgreSQL's `varchar(n)` count it. JavaScript's `length` counts UTF-16 code
 * units, so a character outside the Basic Multilingual Plane (most emoji) would count twice.
 */
export function characterCount(text: string): number {
  // A string's iterator yields code points, a surrogate pair as one.
  return [...text].length
}
