/**
 * axe-core in the page. Its source is evaluated through the browser's debugging protocol, which the
 * site's Content-Security-Policy does not govern (a script tag would be refused), so the app is
 * checked with its real policy on.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

let axeSource: string | undefined;

export type AxeViolation = { id: string; impact: string | null; targets: string[] };

/** Every violation axe finds in the page as it is now, whatever its impact. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= fs.readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    const result = await (window as unknown as { axe: { run(): Promise<Result> } }).axe.run();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((node) => node.target.join(' ')),
    }));
  });
}

/** The page as it is now has no accessibility violation at all that axe can find. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length > 0)
    throw new Error(
      `axe, ${where}: ${violations.map((v) => `${v.id} (${v.targets.join(', ')})`).join('; ')}`,
    );
}
