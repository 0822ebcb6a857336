import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contrastRatio } from '@platform/domain';

/** WCAG 2.2 (2.4.13, 1.4.11): a focus indicator at least 3:1 against what it sits on. */
const NON_TEXT_CONTRAST = 3;

const css = readFileSync(join(__dirname, 'console.module.css'), 'utf8');
const globals = readFileSync(join(__dirname, '../../app/globals.css'), 'utf8');
const variable = (source: string, name: string): string | undefined =>
  new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})\\b`).exec(source)?.[1];

describe("the console's focus indicator", () => {
  // The console's own colour, else the outline every page gets from globals.css.
  const focus = variable(css, 'console-focus') ?? /:focus-visible\s*{[^}]*solid (#[0-9a-fA-F]{6})/.exec(globals)?.[1];
  const backgrounds = { page: '#ffffff', surface: variable(globals, 'color-surface') ?? '#f5f6f8' };

  it.each(Object.entries(backgrounds))('is at least 3:1 on the %s background (%s)', (_, background) => {
    expect(focus).toBeDefined();
    expect(contrastRatio(focus!, background)).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST);
  });

  it('is the outline and the ring of every focusable thing in the console', () => {
    expect(css).toMatch(/\.console :focus-visible\s*{[^}]*outline: 3px solid var\(--console-focus\)/);
    expect(css).toMatch(/--focus-ring:[^;]*var\(--console-focus\)/);
  });
});
