import fc from 'fast-check';
import { SearchRequestSchema } from '../search-request';
import { sentenceWords } from './tokens';
import { combineParts, searchRequestOf, understandQuery } from './understand';
import { demoVocabulary, UNDERSTANDING_CASES } from './understanding.fixture';

/** Words shoppers use, the signs prices are written with, and hostile text, mixed at random. */
const WORDS = [
  ...new Set(UNDERSTANDING_CASES.cases.flatMap((c) => c.query.split(/\s+/)).filter(Boolean)),
  '$',
  '-',
  '+',
  '/',
  '<',
  '9999',
  '0000',
  '1e309',
  '__proto__',
  'constructor',
  '\u0000',
  '😀',
  'Ünïcödé',
  'near',
  'in',
  'a week',
];
const sentences = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc.array(fc.constantFrom(...WORDS), { maxLength: 25 }).map((words) => words.join(' ')),
  fc
    .array(fc.oneof(fc.constantFrom(...WORDS), fc.string({ maxLength: 6 })), { maxLength: 20 })
    .map((words) => words.join('')),
);
const wordsOf = (text: string): string[] =>
  sentenceWords(text)
    .map((word) => word.core)
    .filter(Boolean);

/** True when `inner` appears in `outer` in order (not necessarily side by side). */
function isSubsequence(inner: readonly string[], outer: readonly string[]): boolean {
  let at = 0;
  for (const word of outer) if (at < inner.length && word === inner[at]) at += 1;
  return at === inner.length;
}

describe('understandQuery on any text', () => {
  const vocabulary = demoVocabulary();

  it('never throws, answers the same twice, and gives a request the search schema takes', () => {
    fc.assert(
      fc.property(sentences, (sentence) => {
        const first = understandQuery(sentence, vocabulary);
        expect(understandQuery(sentence, vocabulary)).toEqual(first);
        expect(SearchRequestSchema.safeParse(searchRequestOf(first)).success).toBe(true);
      }),
      { numRuns: 600 },
    );
  });

  it('leaves as free text only words of the sentence, in its order', () => {
    fc.assert(
      fc.property(sentences, (sentence) => {
        const { text } = understandQuery(sentence, vocabulary);
        expect(isSubsequence(text.split(' ').filter(Boolean), wordsOf(sentence))).toBe(true);
      }),
      { numRuns: 600 },
    );
  });

  it('every part lies within the sentence, in order, and the parts make the filters', () => {
    fc.assert(
      fc.property(sentences, (sentence) => {
        const understood = understandQuery(sentence, vocabulary);
        let end = 0;
        for (const part of understood.parts) {
          expect(part.span.start).toBeGreaterThanOrEqual(end);
          expect(part.span.end).toBeGreaterThan(part.span.start);
          expect(part.span.end).toBeLessThanOrEqual(sentence.length);
          expect(part.label.trim()).not.toBe('');
          expect(part.keys.length).toBeGreaterThan(0);
          end = part.span.end;
        }
        expect(combineParts(understood.parts)).toEqual({ filters: understood.filters, ranges: understood.ranges });
      }),
      { numRuns: 600 },
    );
  });
});
