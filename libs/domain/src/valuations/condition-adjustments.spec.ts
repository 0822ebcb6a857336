import fc from 'fast-check';
import { CONDITION_QUESTIONS, conditionFactor } from './condition-adjustments';

describe('conditionFactor (trade-in adjustment answers)', () => {
  it('multiplies the factors of the answers given', () => {
    expect(conditionFactor({ 'Overall condition': 'Good', 'Any accident damage?': 'No' })).toBe(1);
    expect(conditionFactor({ 'Overall condition': 'Fair', 'Any accident damage?': 'Yes' })).toBeCloseTo(0.93 * 0.9);
    expect(conditionFactor({ 'Overall condition': 'Excellent' })).toBeCloseTo(1.03);
  });

  it('ignores missing, unknown and mistyped answers', () => {
    expect(conditionFactor(undefined)).toBe(1);
    expect(conditionFactor({})).toBe(1);
    expect(conditionFactor({ 'Number of keys': 2, 'Overall condition': 'Shiny', 'Service history': true })).toBe(1);
  });

  it('stays between the worst and best answers for any record', () => {
    const worst = CONDITION_QUESTIONS.reduce((f, q) => f * Math.min(...q.answers.map((a) => a.factor)), 1);
    const best = CONDITION_QUESTIONS.reduce((f, q) => f * Math.max(...q.answers.map((a) => a.factor)), 1);
    const answer = fc.oneof(
      fc.constantFrom(...CONDITION_QUESTIONS.flatMap((q) => q.answers.map((a) => a.answer))),
      fc.string(),
      fc.integer(),
      fc.boolean(),
    );
    const key = fc.oneof(fc.constantFrom(...CONDITION_QUESTIONS.map((q) => q.question)), fc.string());
    fc.assert(
      fc.property(fc.dictionary(key, answer), (answers) => {
        const factor = conditionFactor(answers);
        return factor >= worst - 1e-12 && factor <= best + 1e-12;
      }),
    );
  });
});
