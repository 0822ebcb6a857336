import { DEALER_COMMENTS_PENDING, DESCRIPTION_PREVIEW_LENGTH, dealerTextParagraphs, previewText } from './dealer-text';

describe('dealerTextParagraphs: dealer HTML becomes plain text', () => {
  it.each([
    ['One owner, full service history.', ['One owner, full service history.']],
    ['<p>One owner.</p><p>Full <b>service</b> history.</p>', ['One owner.', 'Full service history.']],
    ['Line one<br>Line two<br/>Line three', ['Line one\nLine two\nLine three']],
    ['<ul><li>Tow bar</li><li>Roof racks</li></ul>', ['• Tow bar', '• Roof racks']],
    ['Fish &amp; chips &lt;3 &#39;quoted&#39; &#x2014; &nbsp;done', ["Fish & chips <3 'quoted' — done"]],
    ['<script>alert(1)</script>Safe<style>p{}</style>', ['Safe']],
    ['<img src=x onerror=alert(1)>Photo', ['Photo']],
    ['<a href="javascript:alert(1)">Click</a> here', ['Click here']],
    ['Unclosed <b', ['Unclosed b']],
    ['', []],
    [null, []],
    ['   ', []],
  ])('%p', (input, paragraphs) => {
    expect(dealerTextParagraphs(input)).toEqual(paragraphs);
  });

  it('never leaves an angle bracket that could open a tag', () => {
    const out = dealerTextParagraphs('<<script>script>alert(1)<</script>/script>').join('');
    expect(out).not.toMatch(/<[a-z/]/i);
  });
});

describe('previewText (spec 000 §4: the first 400 characters with Show More / Less)', () => {
  it('keeps a description of 400 characters whole', () => {
    const text = 'a'.repeat(DESCRIPTION_PREVIEW_LENGTH);
    expect(previewText([text])).toEqual({ text, truncated: false });
  });

  it('cuts a longer one at 400 characters', () => {
    const preview = previewText(['b'.repeat(401)]);
    expect(preview.truncated).toBe(true);
    expect(preview.text).toBe(`${'b'.repeat(400)}…`);
  });

  it('counts code points, so an emoji is never split', () => {
    const preview = previewText(['🚗'.repeat(5)], 3);
    expect(preview.text).toBe('🚗🚗🚗…');
  });

  it('has the pending message of spec 000 §8', () => {
    expect(DEALER_COMMENTS_PENDING).toBe('Dealer comments are pending. Please check back here later.');
  });
});
