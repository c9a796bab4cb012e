import { marksDeliberateEdit } from '#kit/scaffolding/edit_mark'

/**
 * How the reference app's modules are held to bin/scaffold_reference_app.sh: each of their files
 * is what the script writes, or says on its first line that it is not and why.
 */

/** The folders the script writes, as paths from the repository's root. */
export const MODULE_FOLDERS = ['modules/catalog/', 'modules/orders/'] as const

/**
 * A file no command writes; its reason, as an edit's (marksDeliberateEdit, which the doctor
 * reads too), of ten characters or more.
 */
const HAND_WRITTEN = /^\/\/ Written by hand: \S.{9,}$/

/**
 * A module's index lists its files (`pantheon:index`): it follows the files the module has,
 * written by hand or not, and tests/architecture/solution.spec.ts holds it to them.
 */
const DERIVED = /^modules\/([a-z_]+)\/infrastructure\/\1_index\.ts$/

/** The lines of the script that are not commands: its shell settings and comments. */
const SHELL_LINE = /^(#.*|set -euo pipefail|cd "\$\{1:\?[^"]*\}"|\s*)$/

/**
 * The `node ace …` lines of a shell script, each as the argv ace is given ("…" quoted words
 * kept whole). Any other line that is not a comment or the script's own settings is refused:
 * a command written another way (continued, single-quoted) would otherwise go unread.
 */
export function commandLinesOf(script: string): string[][] {
  const lines = script.split('\n')
  const unread = lines.filter((line) => !line.startsWith('node ace ') && !SHELL_LINE.test(line))
  if (unread.length > 0) {
    throw new Error(
      `Lines that are neither "node ace" commands nor comments:\n${unread.join('\n')}`
    )
  }
  return lines
    .filter((line) => line.startsWith('node ace '))
    .map((line) =>
      [...line.slice('node ace '.length).matchAll(/"([^"]*)"|(\S+)/g)].map(
        (match) => match[1] ?? match[2]
      )
    )
}

/** A migration's name starts with the time it was written: the same migration otherwise. */
function withoutTimestamps(text: string): string {
  return text.replaceAll(/migrations\/\d{13}_/g, 'migrations/<timestamp>_')
}

export function sameAfterTimestamps(one: string, other: string): boolean {
  return withoutTimestamps(one) === withoutTimestamps(other)
}

export type FileProblem =
  { kind: 'differs'; ours: string; generated: string } | { kind: 'mislabelled'; message: string }

/**
 * What is wrong with one of the modules' files, given what the script writes at its path
 * (undefined when it writes nothing there); undefined when nothing is.
 */
export function classifyModuleFile(
  file: string,
  ours: string,
  generated: string | undefined
): FileProblem | undefined {
  if (DERIVED.test(file)) return undefined
  const [firstLine = '', ...rest] = ours.split('\n')
  if (HAND_WRITTEN.test(firstLine)) {
    return generated === undefined
      ? undefined
      : {
          kind: 'mislabelled',
          message:
            'marked "Written by hand" but the script writes it: mark it "// Edited after generation: <why>"',
        }
  }
  if (marksDeliberateEdit(ours)) {
    if (generated === undefined) {
      return {
        kind: 'mislabelled',
        message:
          'marked "Edited after generation" but the script writes no such file: mark it "// Written by hand: <why>"',
      }
    }
    return withoutTimestamps(rest.join('\n')) === withoutTimestamps(generated)
      ? {
          kind: 'mislabelled',
          message: 'marked "Edited after generation" but it is what the script writes: unmark it',
        }
      : undefined
  }
  if (generated === undefined) {
    return {
      kind: 'mislabelled',
      message:
        'the script writes no such file: mark it "// Written by hand: <why>" or add its command to the script',
    }
  }
  return withoutTimestamps(ours) === withoutTimestamps(generated)
    ? undefined
    : { kind: 'differs', ours, generated }
}
