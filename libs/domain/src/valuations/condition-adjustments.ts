/**
 * The trade-in form's condition questions (spec 001 'valuation adjustmentAnswers'): each answer
 * moves the estimate by a share, the way a buyer's appraisal would. The specification names the
 * answers but not their effect; these shares are ours, kept in one place so the form, the stored
 * lead and the estimate agree. adjustmentAnswers is keyed by the question as the shopper read it.
 */
export interface ConditionQuestion {
  question: string;
  answers: readonly { answer: string; factor: number }[];
}

export const CONDITION_QUESTIONS: readonly ConditionQuestion[] = [
  {
    question: 'Overall condition',
    answers: [
      { answer: 'Excellent', factor: 1.03 },
      { answer: 'Good', factor: 1 },
      { answer: 'Fair', factor: 0.93 },
      { answer: 'Poor', factor: 0.85 },
    ],
  },
  {
    question: 'Any accident damage?',
    answers: [
      { answer: 'No', factor: 1 },
      { answer: 'Yes', factor: 0.9 },
    ],
  },
  {
    question: 'Service history',
    answers: [
      { answer: 'Full', factor: 1 },
      { answer: 'Partial', factor: 0.97 },
      { answer: 'None', factor: 0.94 },
    ],
  },
  {
    question: 'Any warning lights or mechanical issues?',
    answers: [
      { answer: 'No', factor: 1 },
      { answer: 'Yes', factor: 0.92 },
    ],
  },
];

/**
 * The share the answers move an estimate by: the product of each known answer's factor. A question
 * left out, or one this platform does not ask (older pages, other clients), counts as no change.
 */
export function conditionFactor(answers: Readonly<Record<string, unknown>> | null | undefined): number {
  let factor = 1;
  for (const { question, answers: options } of CONDITION_QUESTIONS) {
    const given = answers?.[question];
    const option = options.find((o) => o.answer === given);
    if (option) factor *= option.factor;
  }
  return factor;
}
