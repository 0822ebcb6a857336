import { squash } from './tokens';
import type { UnderstandingVocabulary, UnderstoodKind } from './vocabulary';

/** A word the search box can offer as the shopper types: a phrase of the site's own vocabulary. */
export interface TermSuggestion {
  /** 'Toyota HiLux', 'Cab Chassis', 'Tow Bar', 'Near Werribee': a phrase the understanding reads back as itself. */
  label: string;
  kind: UnderstoodKind;
  /** What the box holds once it is chosen: the text with its last, unfinished words replaced by the label. */
  completion: string;
}

/** Suggestions offered at most. */
export const MAX_SUGGESTIONS = 8;
/** The end of the text looked at: a suggestion completes the last words, never the whole of a pasted page. */
const TAIL_CHARACTERS = 120;
/** The most words a suggestion completes at once ('toyota land cr' -> 'Toyota LandCruiser'). */
const TAIL_WORDS = 3;

/** Kinds in the order they are offered: what shoppers name first. */
const KIND_RANK: Readonly<Record<UnderstoodKind, number>> = {
  make: 0,
  model: 1,
  body: 2,
  feature: 3,
  fuel: 4,
  transmission: 4,
  drive: 4,
  colour: 5,
  condition: 5,
  seats: 6,
  location: 7,
  state: 8,
  km: 9,
  price: 9,
  weekly: 9,
  year: 9,
};

interface Candidate {
  label: string;
  kind: UnderstoodKind;
  /** The typed words end a prefix of the label itself (not only of an alias): offered first. */
  ownName: boolean;
  words: number;
}

/**
 * What the shopper's last, unfinished words may be, from the site's own vocabulary: its makes,
 * models, bodies, features, fuels, colours and conditions (by their names or any alias), and the
 * places near its stock ('Near Werribee'). Pure and deterministic; it never throws. Nothing is
 * offered once the text ends in a space (the word is finished) or for text without letters or
 * digits at its end. Longer tails first ('land cr' before 'cr'), then the site's own names before
 * aliases, then makes, models, bodies and features before the rest, then shorter labels.
 */
export function suggestTerms(
  vocabulary: UnderstandingVocabulary,
  text: string,
  limit: number = MAX_SUGGESTIONS,
): TermSuggestion[] {
  const wanted = Math.max(0, Math.min(Math.floor(Number.isFinite(limit) ? limit : 0), 50));
  if (wanted === 0 || typeof text !== 'string' || text === '' || /\s$/u.test(text)) return [];
  const tail = text.slice(-TAIL_CHARACTERS);
  const headLength = text.length - tail.length;
  // Word starts in the tail, last first; a word cut by the tail's start is not one.
  const starts: number[] = [];
  const word = /\S+/gu;
  for (let match = word.exec(tail); match; match = word.exec(tail)) {
    if (match.index === 0 && headLength > 0 && !/\s/u.test(text[headLength - 1] ?? ' ')) continue;
    starts.push(match.index);
  }
  starts.reverse();

  const chosen = new Map<string, { candidate: Candidate; start: number }>();
  for (let words = 1; words <= Math.min(TAIL_WORDS, starts.length); words += 1) {
    const start = starts[words - 1] as number;
    const key = squash(tail.slice(start));
    if (key === '') continue;
    const offer = (candidate: Candidate): void => {
      const id = `${candidate.kind}:${candidate.label}`;
      const kept = chosen.get(id);
      if (!kept || better(candidate, kept.candidate) < 0) chosen.set(id, { candidate, start });
    };
    for (const [phrase, term] of vocabulary.terms) {
      if (!phrase.startsWith(key)) continue;
      offer({ label: term.label, kind: term.kind, ownName: namedBy(term.label, key), words });
    }
    if (key.length >= 2) {
      for (const [name, place] of vocabulary.places.nearby) {
        if (name.startsWith(key)) offer({ label: `Near ${place.name}`, kind: 'location', ownName: true, words });
      }
    }
  }

  return [...chosen.values()]
    .sort((a, b) => better(a.candidate, b.candidate))
    .slice(0, wanted)
    .map(({ candidate, start }) => ({
      label: candidate.label,
      kind: candidate.kind,
      completion: `${text.slice(0, headLength + start)}${candidate.label}`,
    }));
}

/** True when the typed key starts one of the label's own words ('hil' in 'Toyota HiLux'), not only an alias of it. */
function namedBy(label: string, key: string): boolean {
  const words = label.split(/[\s-]+/u);
  return words.some((_, index) => squash(words.slice(index).join(' ')).startsWith(key));
}

/** Negative when a is offered before b. */
function better(a: Candidate, b: Candidate): number {
  return (
    b.words - a.words ||
    Number(b.ownName) - Number(a.ownName) ||
    KIND_RANK[a.kind] - KIND_RANK[b.kind] ||
    a.label.length - b.label.length ||
    a.label.localeCompare(b.label, 'en-AU')
  );
}
