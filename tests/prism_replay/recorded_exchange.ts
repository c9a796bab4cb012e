import { readFileSync } from 'node:fs'
import type { Exchange } from '#tests/common/contract/exchange'

/**
 * Reads the exchanges the integration suite recorded with CONTRACT_RECORD=<file>: one JSON
 * object a line, the query string as text (tests/common/contract/contract_plugin.ts).
 */
export function readRecordedExchanges(file: string): Exchange[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      try {
        const recorded = JSON.parse(line) as Omit<Exchange, 'query'> & { query: string }
        return { ...recorded, query: new URLSearchParams(recorded.query) }
      } catch (error) {
        throw new Error(`${file}:${index + 1} is not a recorded exchange: ${String(error)}`)
      }
    })
}
