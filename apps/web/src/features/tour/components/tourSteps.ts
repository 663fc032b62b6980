import type { TourStepProps } from 'antd';

/** Where each step points: a menu entry's link, the mobile menu button, a case card. */
export const TOUR_TARGETS = {
  menuLink: (href: string) => `.investor-nav--horizontal a[href="${href}"]`,
  mobileMenu: (drawerId: string) => `[aria-controls="${drawerId}"]`,
  caseCard: '[data-tour="case-card"]',
} as const;

type Text = { title: string; description: string };
export interface TourTexts {
  cases: Text;
  casesMobile: Text;
  card: Text;
  messages: Text;
  contract: Text;
}

/** antd types a target as always or never found; a missing one centers the step, which is what we want. */
const target = (find: () => HTMLElement | null) => find as () => HTMLElement;

/** The element a selector finds, as the highlight: a menu entry's whole item rather than its link. */
function find(root: ParentNode, selector: string): HTMLElement | null {
  const el = root.querySelector<HTMLElement>(selector);
  return el?.closest<HTMLElement>('li') ?? el;
}

/**
 * The tour's steps as the page is now: the case list, a case card (only when one is on the page),
 * messages and the contract page. Below the menu breakpoint the menu entries are in the drawer, so
 * their steps point at the menu button (centered when even that is missing).
 */
export function tourSteps(
  texts: TourTexts,
  options: { mobile: boolean; drawerId: string; root?: ParentNode },
): TourStepProps[] {
  const root = options.root ?? document;
  const menu = (href: string) =>
    target(() =>
      options.mobile
        ? find(root, TOUR_TARGETS.mobileMenu(options.drawerId))
        : find(root, TOUR_TARGETS.menuLink(href)),
    );
  const steps: TourStepProps[] = [
    { ...(options.mobile ? texts.casesMobile : texts.cases), target: menu('/investor/cases/s1') },
  ];
  if (root.querySelector(TOUR_TARGETS.caseCard)) {
    steps.push({
      ...texts.card,
      target: target(() => root.querySelector<HTMLElement>(TOUR_TARGETS.caseCard)),
    });
  }
  steps.push({ ...texts.messages, target: menu('/investor/contact') });
  steps.push({ ...texts.contract, target: menu('/investor/contract') });
  return steps;
}
