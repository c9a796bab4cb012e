import { test } from '@japa/runner'
import { globSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { compile } from 'tempura'

const STUBS = fileURLToPath(new URL('../../../stubs/', import.meta.url))

/** The lines of a stub where an {{#each}} opens inside another one. */
function nestedLoops(source: string): number[] {
  const nested: number[] = []
  let depth = 0
  for (const [index, line] of source.split('\n').entries()) {
    for (const tag of line.match(/\{\{#each|\{\{\/each\}\}/g) ?? []) {
      depth += tag === '{{#each' ? 1 : -1
      if (tag === '{{#each' && depth > 1) nested.push(index + 1)
    }
  }
  return nested
}

test.group('Stub loops', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test("Tempura's nested loops stop the outer one after its first item", ({ assert }) => {
    const render = compile(
      '{{#expect rows}}{{#each rows as row}}{{ row.id }}{{#each row.cells as c}}.{{/each}};{{/each}}'
    )
    // Two rows given, one rendered: the inner loop reuses the outer loop's counter.
    assert.equal(
      render({
        rows: [
          { id: 'a', cells: [1, 2] },
          { id: 'b', cells: [3] },
        ],
      }),
      'a..;'
    )
  })

  test('no stub nests one {{#each}} in another', ({ assert }) => {
    const offenders = globSync('**/*.stub', { cwd: STUBS }).flatMap((file) =>
      nestedLoops(readFileSync(`${STUBS}${file}`, 'utf8')).map((line) => `${file}:${line}`)
    )
    assert.deepEqual(offenders, [])
  })
})
