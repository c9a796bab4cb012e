import { suggestPascalCase } from './name_suggestion.js'
import { ScaffoldError } from './scaffold_error.js'

/*
 * Finding what a remove-* command was asked to remove by the name typed, among the names that
 * exist, with an error that lists those names (and the one meant, when it is plain) otherwise.
 */

/** The existing name the typed one most likely means: same letters in another case or spelling. */
function meant(typed: string, existing: string[]): string | undefined {
  const spelled = suggestPascalCase(typed)?.toLowerCase()
  return existing.find(
    (name) => name.toLowerCase() === typed.toLowerCase() || name.toLowerCase() === spelled
  )
}

/**
 * The one of `existing` named `typed`, or a ScaffoldError that names the ones there are: `what`
 * is how the message names the kind and place (`endpoint in the Catalog module`), `none` what
 * the hint says when there is none at all.
 */
export function findByName<T>(
  typed: string,
  what: string,
  existing: Array<{ name: string; value: T; label?: string }>,
  none = 'There is none to remove'
): T {
  const found = existing.find((candidate) => candidate.name === typed)
  if (found) return found.value
  const names = existing.map((candidate) => candidate.name)
  const guess = meant(typed, names)
  const listed = existing.map((candidate) => candidate.label ?? candidate.name).join(', ')
  throw new ScaffoldError(
    `There is no ${what} named "${typed}"${guess ? `; did you mean ${guess}?` : ''}`,
    existing.length === 0 ? none : `The ones there are: ${listed}`
  )
}
