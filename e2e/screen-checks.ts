/** What a person sees, measured in the page: what the notices lie over, a focus ring's contrast. */
import type { Locator, Page } from 'playwright-core';

/**
 * The controls and images that a notice now on screen lies over: each as its tag and name. Notices
 * placed in the flow of the page (the dashboard's header) lie over nothing and are not counted.
 */
export function coveredByNotices(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const notices = Array.from(
      document.querySelectorAll<HTMLElement>(
        '[aria-live="polite"] > [role="status"], [aria-live="polite"] > [role="alert"]',
      ),
    ).filter((notice) => ['fixed', 'absolute'].includes(getComputedStyle(notice.parentElement!).position));
    const boxes = notices.map((notice) => notice.getBoundingClientRect());
    const targets = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, label, img, canvas',
    );
    const covered: string[] = [];
    for (const target of Array.from(targets)) {
      if (notices.some((notice) => notice.contains(target))) continue;
      const box = target.getBoundingClientRect();
      if (box.width < 2 || box.height < 2 || getComputedStyle(target).visibility === 'hidden') continue;
      const overlaps = boxes.some(
        (n) => box.left < n.right && box.right > n.left && box.top < n.bottom && box.bottom > n.top,
      );
      if (overlaps)
        covered.push(
          `${target.tagName.toLowerCase()} ${target.getAttribute('aria-label') ?? target.getAttribute('alt') ?? target.textContent?.trim().slice(0, 40) ?? ''}`,
        );
    }
    return covered;
  });
}

/**
 * The contrast between a focused control's focus indicator (its outline, or the widest ring drawn as a
 * box shadow) and the background around it (WCAG 2.2, non-text contrast).
 */
export function focusIndicatorContrast(control: Locator): Promise<number> {
  return control.evaluate((element) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    /** A CSS colour as opaque RGB, laid over `under` when it is translucent. */
    const rgb = (css: string, under: number[] = [255, 255, 255]) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data as unknown as number[];
      const alpha = a! / 255;
      return [r!, g!, b!].map((c, i) => c * alpha + under[i]! * (1 - alpha));
    };
    let node: Element | null = element.parentElement;
    let background = [255, 255, 255];
    while (node) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') {
        background = rgb(colour);
        break;
      }
      node = node.parentElement;
    }
    const style = getComputedStyle(element);
    let indicator: string | null = null;
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) indicator = style.outlineColor;
    else {
      // "rgb(79, 70, 229) 0px 0px 0px 2px, ...": the shadow with the widest spread is the ring.
      let widest = 0;
      for (const match of style.boxShadow.matchAll(
        /((?:rgba?|oklab|oklch|color)\([^)]*\))\s+(-?[\d.]+px\s+){3}([\d.]+)px/g,
      )) {
        const spread = parseFloat(match[3]!);
        if (spread > widest) [widest, indicator] = [spread, match[1]!];
      }
    }
    if (!indicator) return 1;
    const luminance = (colour: number[]) => {
      const [r, g, b] = colour.map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [light, dark] = [luminance(rgb(indicator, background)), luminance(background)].sort(
      (x, y) => y - x,
    );
    return (light! + 0.05) / (dark! + 0.05);
  });
}
