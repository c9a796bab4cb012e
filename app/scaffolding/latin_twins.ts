/**
 * The ASCII spelling of letters that NFKD normalisation does not reduce to ASCII, with each
 * character's Unicode name for the error that names it. Written as escapes: a look-alike in
 * this source would fool its reader as it fooled the user.
 *
 * Two kinds:
 * - Cyrillic and Greek letters drawn like a Latin one (Unicode's confusables). A name typed with
 *   one (a Cyrillic С from a Russian keyboard layout, a Greek Ρ pasted from a document) looks
 *   right and is refused; the suggestion gives back the letter the user sees. Transliteration by
 *   sound, as the npm packages any-ascii and transliteration do, would turn С into S
 *   (`Сatalog` → `Satalog`), and would make the kit depend at run time on a library for one
 *   message; other letters of those scripts get no suggestion (name_suggestion.ts).
 * - Latin letters with no decomposition (ß, æ, ø…), spelled as their languages spell them
 *   without the letter.
 */
const TWINS: readonly (readonly [character: string, ascii: string, name: string])[] = [
  ['\u0410', 'A', 'CYRILLIC CAPITAL LETTER A'],
  ['\u0412', 'B', 'CYRILLIC CAPITAL LETTER VE'],
  ['\u0415', 'E', 'CYRILLIC CAPITAL LETTER IE'],
  ['\u041a', 'K', 'CYRILLIC CAPITAL LETTER KA'],
  ['\u041c', 'M', 'CYRILLIC CAPITAL LETTER EM'],
  ['\u041d', 'H', 'CYRILLIC CAPITAL LETTER EN'],
  ['\u041e', 'O', 'CYRILLIC CAPITAL LETTER O'],
  ['\u0420', 'P', 'CYRILLIC CAPITAL LETTER ER'],
  ['\u0421', 'C', 'CYRILLIC CAPITAL LETTER ES'],
  ['\u0422', 'T', 'CYRILLIC CAPITAL LETTER TE'],
  ['\u0423', 'Y', 'CYRILLIC CAPITAL LETTER U'],
  ['\u0425', 'X', 'CYRILLIC CAPITAL LETTER HA'],
  ['\u0405', 'S', 'CYRILLIC CAPITAL LETTER DZE'],
  ['\u0406', 'I', 'CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I'],
  ['\u0408', 'J', 'CYRILLIC CAPITAL LETTER JE'],
  ['\u04ae', 'Y', 'CYRILLIC CAPITAL LETTER STRAIGHT U'],
  ['\u051a', 'Q', 'CYRILLIC CAPITAL LETTER QA'],
  ['\u051c', 'W', 'CYRILLIC CAPITAL LETTER WE'],
  ['\u0430', 'a', 'CYRILLIC SMALL LETTER A'],
  ['\u0435', 'e', 'CYRILLIC SMALL LETTER IE'],
  ['\u043e', 'o', 'CYRILLIC SMALL LETTER O'],
  ['\u0440', 'p', 'CYRILLIC SMALL LETTER ER'],
  ['\u0441', 'c', 'CYRILLIC SMALL LETTER ES'],
  ['\u0443', 'y', 'CYRILLIC SMALL LETTER U'],
  ['\u0445', 'x', 'CYRILLIC SMALL LETTER HA'],
  ['\u0455', 's', 'CYRILLIC SMALL LETTER DZE'],
  ['\u0456', 'i', 'CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I'],
  ['\u0458', 'j', 'CYRILLIC SMALL LETTER JE'],
  ['\u04bb', 'h', 'CYRILLIC SMALL LETTER SHHA'],
  ['\u0501', 'd', 'CYRILLIC SMALL LETTER KOMI DE'],
  ['\u051b', 'q', 'CYRILLIC SMALL LETTER QA'],
  ['\u051d', 'w', 'CYRILLIC SMALL LETTER WE'],
  ['\u0391', 'A', 'GREEK CAPITAL LETTER ALPHA'],
  ['\u0392', 'B', 'GREEK CAPITAL LETTER BETA'],
  ['\u0395', 'E', 'GREEK CAPITAL LETTER EPSILON'],
  ['\u0396', 'Z', 'GREEK CAPITAL LETTER ZETA'],
  ['\u0397', 'H', 'GREEK CAPITAL LETTER ETA'],
  ['\u0399', 'I', 'GREEK CAPITAL LETTER IOTA'],
  ['\u039a', 'K', 'GREEK CAPITAL LETTER KAPPA'],
  ['\u039c', 'M', 'GREEK CAPITAL LETTER MU'],
  ['\u039d', 'N', 'GREEK CAPITAL LETTER NU'],
  ['\u039f', 'O', 'GREEK CAPITAL LETTER OMICRON'],
  ['\u03a1', 'P', 'GREEK CAPITAL LETTER RHO'],
  ['\u03a4', 'T', 'GREEK CAPITAL LETTER TAU'],
  ['\u03a5', 'Y', 'GREEK CAPITAL LETTER UPSILON'],
  ['\u03a7', 'X', 'GREEK CAPITAL LETTER CHI'],
  ['\u03b1', 'a', 'GREEK SMALL LETTER ALPHA'],
  ['\u03b9', 'i', 'GREEK SMALL LETTER IOTA'],
  ['\u03bd', 'v', 'GREEK SMALL LETTER NU'],
  ['\u03bf', 'o', 'GREEK SMALL LETTER OMICRON'],
  ['\u03c1', 'p', 'GREEK SMALL LETTER RHO'],
  ['\u03c5', 'u', 'GREEK SMALL LETTER UPSILON'],
  ['\u00df', 'ss', 'LATIN SMALL LETTER SHARP S'],
  ['\u00e6', 'ae', 'LATIN SMALL LETTER AE'],
  ['\u00c6', 'Ae', 'LATIN CAPITAL LETTER AE'],
  ['\u0153', 'oe', 'LATIN SMALL LIGATURE OE'],
  ['\u0152', 'Oe', 'LATIN CAPITAL LIGATURE OE'],
  ['\u00f8', 'o', 'LATIN SMALL LETTER O WITH STROKE'],
  ['\u00d8', 'O', 'LATIN CAPITAL LETTER O WITH STROKE'],
  ['\u0111', 'd', 'LATIN SMALL LETTER D WITH STROKE'],
  ['\u0110', 'D', 'LATIN CAPITAL LETTER D WITH STROKE'],
  ['\u0142', 'l', 'LATIN SMALL LETTER L WITH STROKE'],
  ['\u0141', 'L', 'LATIN CAPITAL LETTER L WITH STROKE'],
  ['\u00fe', 'th', 'LATIN SMALL LETTER THORN'],
  ['\u00de', 'Th', 'LATIN CAPITAL LETTER THORN'],
]

/**
 * Characters that show as nothing or as a plain space, which a name copied from a document or a
 * chat may carry unseen: named in the error, since quoting them shows nothing.
 */
const INVISIBLE: readonly (readonly [character: string, name: string])[] = [
  ['\u00a0', 'NO-BREAK SPACE'],
  ['\u00ad', 'SOFT HYPHEN'],
  ['\u200b', 'ZERO WIDTH SPACE'],
  ['\u200c', 'ZERO WIDTH NON-JOINER'],
  ['\u200d', 'ZERO WIDTH JOINER'],
  ['\ufeff', 'ZERO WIDTH NO-BREAK SPACE'],
]

/** A letter NFKD leaves outside ASCII → its ASCII spelling. */
export const LATIN_TWINS: ReadonlyMap<string, string> = new Map(
  TWINS.map(([character, ascii]) => [character, ascii])
)

/** The Unicode names this file knows (its letters and the invisible characters). */
export const CHARACTER_NAMES: ReadonlyMap<string, string> = new Map([
  ...TWINS.map(([character, , name]) => [character, name] as const),
  ...INVISIBLE,
])
