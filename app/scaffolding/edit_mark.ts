/**
 * The first line of a generated file changed on purpose, saying why:
 * `// Edited after generation: <why>`. The edit is then known and kept: the doctor no longer
 * warns about it, and sync-entity still skips the file as it skips any edited one. A reason of
 * a word or two says nothing, so it takes at least ten characters.
 */
const EDIT_MARK = /^\/\/ Edited after generation: \S.{9,}$/

/** Whether `text` begins with the line that marks a deliberate edit. */
export function marksDeliberateEdit(text: string): boolean {
  return EDIT_MARK.test(text.split('\n', 1)[0])
}
