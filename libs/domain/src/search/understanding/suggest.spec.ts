import fc from 'fast-check';
import { suggestTerms, MAX_SUGGESTIONS } from './suggest';
import { understandQuery } from './understand';
import { demoVocabulary } from './understanding.fixture';

/** Typing suggestions from the site's own vocabulary (issue 55). */
describe('suggestTerms', () => {
  const labels = (text: string, limit?: number) => suggestTerms(demoVocabulary(), text, limit).map((s) => s.label);

  it("completes the last, unfinished word of a sentence: 'white hil' offers Toyota HiLux", () => {
    const [first] = suggestTerms(demoVocabulary(), 'white hil');
    expect(first).toEqual({ label: 'Toyota HiLux', kind: 'model', completion: 'white Toyota HiLux' });
  });

  it('offers makes before models, by their own names before aliases, and completes several words at once', () => {
    expect(labels('toy')[0]).toBe('Toyota');
    expect(labels('land cr')[0]).toBe('Toyota LandCruiser');
    expect(suggestTerms(demoVocabulary(), 'diesel land cr')[0]?.completion).toBe('diesel Toyota LandCruiser');
    expect(labels('dual')).toEqual(['Ute']);
    expect(labels('cab')).toContain('Cab Chassis');
    expect(labels('tow')).toContain('Tow Bar');
    expect(labels('auto')).toContain('Automatic');
  });

  it('offers places near the stock as the understanding reads them', () => {
    expect(labels('werr')).toContain('Near Werribee');
    expect(labels('hoppers cro')).toContain('Near Hoppers Crossing');
  });

  it('offers nothing for a finished word, an empty box, text without letters or a limit of 0', () => {
    expect(labels('hilux ')).toEqual([]);
    expect(labels('')).toEqual([]);
    expect(labels('$ -')).toEqual([]);
    expect(labels('toy', 0)).toEqual([]);
    expect(labels('zzqx')).toEqual([]);
  });

  it('reads every suggestion back as what it offered: the completion is understood with its label', () => {
    for (const prefix of ['to', 'hi', 'ma', 'du', 'di', 'au', 'wh', 'tow', 'su', 'wer', 'pre', 'se', 'ne']) {
      for (const suggestion of suggestTerms(demoVocabulary(), prefix)) {
        const parts = understandQuery(suggestion.completion, demoVocabulary()).parts;
        expect({ prefix, labels: parts.map((part) => part.label) }).toEqual({ prefix, labels: [suggestion.label] });
      }
    }
  });

  it('never throws, keeps to the limit, offers each label once, the same for the same text, and keeps what was typed before the last words (property)', () => {
    const words = [
      'white',
      'hil',
      'toyota',
      'land',
      'cr',
      'under',
      '50k',
      'near',
      'werr',
      'd-m',
      '$',
      '__proto__',
      '😀',
    ];
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.array(fc.constantFrom(...words), { maxLength: 12 }).map((list) => list.join(' ')),
        ),
        fc.oneof(fc.integer({ min: -5, max: 60 }), fc.constantFrom(Number.NaN, Infinity)),
        (text, limit) => {
          const suggestions = suggestTerms(demoVocabulary(), text, limit);
          expect(suggestions.length).toBeLessThanOrEqual(Math.max(0, Math.min(limit || 0, 50)));
          expect(new Set(suggestions.map((s) => `${s.kind}:${s.label}`)).size).toBe(suggestions.length);
          expect(suggestTerms(demoVocabulary(), text, limit)).toEqual(suggestions);
          for (const suggestion of suggestions) {
            expect(suggestion.completion.endsWith(suggestion.label)).toBe(true);
            expect(text.startsWith(suggestion.completion.slice(0, -suggestion.label.length))).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(suggestTerms(demoVocabulary(), 'h').length).toBe(MAX_SUGGESTIONS);
  });
});
