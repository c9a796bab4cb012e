/** What an entry of `LinkedEntries` carries: its neighbours while it is in the list. */
export interface LinkedEntry<Entry> {
  older: Entry | undefined
  newer: Entry | undefined
  linked: boolean
}

/**
 * Entries that come and go under load (a deadline per message, a response per request), in the
 * order they were added, each removed in constant time.
 *
 * Not a `Set`: the holder of such a collection lives as long as the process, so its `Set` sits
 * in V8's old generation, and V8 allocates every table a `Set` rehashes into in the old
 * generation too. A discarded table still points at the entries it held when it was replaced,
 * and the young-generation collector treats every pointer from the old generation as alive
 * until a full collection finds the table dead. Under load each rehash kept the entries of
 * about fifty requests, and all they reached, alive through two minor collections: they were
 * copied into the old generation (about 6 MB every 120 ms), each minor pause took 12–17 ms
 * instead of under one, and a full collection ran every two to three seconds
 * (docs/performance.md). A list links and unlinks the entries themselves and allocates nothing
 * else; an unlinked entry keeps no neighbour reachable.
 */
export class LinkedEntries<Entry extends LinkedEntry<Entry>> {
  #oldest: Entry | undefined
  #newest: Entry | undefined

  get oldest(): Entry | undefined {
    return this.#oldest
  }

  get isEmpty(): boolean {
    return this.#oldest === undefined
  }

  /** Links an entry made with `older`, `newer` unset and `linked` false, as the newest. */
  add(entry: Entry): Entry {
    entry.older = this.#newest
    entry.newer = undefined
    entry.linked = true
    if (this.#newest) this.#newest.newer = entry
    else this.#oldest = entry
    this.#newest = entry
    return entry
  }

  /** Unlinks the entry; removing one that is not in the list does nothing. */
  remove(entry: Entry): void {
    if (!entry.linked) return
    entry.linked = false
    if (entry.older) entry.older.newer = entry.newer
    else this.#oldest = entry.newer
    if (entry.newer) entry.newer.older = entry.older
    else this.#newest = entry.older
    // A removed entry must not keep its neighbours (and their requests) reachable.
    entry.older = undefined
    entry.newer = undefined
  }

  /** Removes every entry, handing each to `visit` from the oldest. */
  drain(visit: (entry: Entry) => void): void {
    for (let entry = this.#oldest; entry; entry = this.#oldest) {
      this.remove(entry)
      visit(entry)
    }
  }
}
