/** One piece of a shopper's sentence: a word, a number or a sign that carries meaning ($ - + < > / ~). */
export interface Token {
  /** Lower case, accents removed ('Hyundaï' is 'hyundai'). */
  text: string;
  kind: 'word' | 'num' | 'sym';
  /** The number a 'num' token holds (thousands separators read: '50,000' is 50000). */
  value: number;
  /** UTF-16 offsets of the token in the sentence. */
  start: number;
  end: number;
  /** Index of the whitespace-separated word of the sentence the token is in. */
  word: number;
}

/** A whitespace-separated word of the sentence with its offsets. */
export interface SentenceWord {
  start: number;
  end: number;
  /** The word without leading or trailing punctuation ('sr5,' is 'sr5'); '' when it is all punctuation. */
  core: string;
}

const TOKEN_PATTERN =
  /(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)|([\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*)|([$<>+\-/~–—])/gu;
const WORD_PATTERN = /\S+/gu;
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/** Lower case without accents or marks. */
export const fold = (value: string): string => value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** Lower case letters and digits only: how phrases are compared ('CX-5', 'cx 5' and 'cx5' are 'cx5'). */
export const squash = (value: string): string => fold(value).replace(/[^\p{L}\p{N}]/gu, '');

/** The words of a sentence as the leftover text keeps them. */
export function sentenceWords(sentence: string): SentenceWord[] {
  const words: SentenceWord[] = [];
  for (const match of sentence.matchAll(WORD_PATTERN)) {
    const start = match.index;
    words.push({ start, end: start + match[0].length, core: match[0].replace(EDGE_PUNCTUATION, '') });
  }
  return words;
}

/** Splits a sentence into tokens, each tied to the sentence word it came from. */
export function tokenize(sentence: string, words: readonly SentenceWord[]): Token[] {
  const tokens: Token[] = [];
  let word = 0;
  for (const match of sentence.matchAll(TOKEN_PATTERN)) {
    const start = match.index;
    while (word < words.length - 1 && (words[word] as SentenceWord).end <= start) word += 1;
    const [raw, num, letters] = match;
    if (num !== undefined) {
      tokens.push({
        text: num,
        kind: 'num',
        value: Number(num.replace(/,/g, '')),
        start,
        end: start + raw.length,
        word,
      });
    } else if (letters !== undefined) {
      tokens.push({ text: fold(letters), kind: 'word', value: NaN, start, end: start + raw.length, word });
    } else {
      const sign = raw === '–' || raw === '—' ? '-' : raw;
      tokens.push({ text: sign, kind: 'sym', value: NaN, start, end: start + raw.length, word });
    }
  }
  return tokens;
}
