import { parseLeadSubmission } from '../leads/lead-forms';
import { SearchRequestSchema } from './search-request';

// JSON.parse makes '__proto__' an own key; written as an object literal it would set the prototype instead.
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

describe('keys that are not a known facet', () => {
  it.each(PROTOTYPE_NAMES)('refuses %s as a filter or range like any unknown facet', (name) => {
    for (const part of ['filters', 'ranges']) {
      const value = part === 'filters' ? ['x'] : '1:2';
      const result = SearchRequestSchema.safeParse(JSON.parse(`{"${part}":{"${name}":${JSON.stringify(value)}}}`));
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ code: 'unrecognized_keys', keys: [name], path: [part] }),
      ]);
    }
  });

  it('still accepts known facets next to nothing else', () => {
    expect(SearchRequestSchema.parse(JSON.parse('{"filters":{"make":["Kia"]}}')).filters).toEqual({ make: ['Kia'] });
  });

  it.each(PROTOTYPE_NAMES)('refuses %s as a key of a free-form record in a lead', (name) => {
    const body = JSON.parse(
      `{"form":"general","name":"A","email":"a@example.com","message":"Hi","category":"General Enquiry","location":"1","terms_conditions":true,"userData":{"lead_attributes":{"linked_query_params":{"${name}":"x"}}}}`,
    );
    const result = parseLeadSubmission(body);
    if (name === '__proto__') expect(result.success).toBe(false);
    // Any other name is an ordinary own key of a free-form record and is kept as such.
    else expect(result.success && result.data.userData?.lead_attributes?.linked_query_params).toEqual({ [name]: 'x' });
  });
});
