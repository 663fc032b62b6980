import { describe, expect, it } from 'vitest';
import { type TourTexts, tourSteps } from './tourSteps.ts';

const text = (title: string) => ({ title, description: `${title} …` });
const texts: TourTexts = {
  cases: text('cases'),
  casesMobile: text('menu'),
  card: text('card'),
  messages: text('messages'),
  contract: text('contract'),
};

function page(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}
const target = (step: { target?: unknown }) => (step.target as () => HTMLElement | null)();

const NAV = `<nav class="investor-nav investor-nav--horizontal"><ul>
  <li id="cases"><a href="/investor/cases/s1">cases</a></li>
  <li id="contact"><a href="/investor/contact">contact</a></li>
  <li id="contract"><a href="/investor/contract">contract</a></li>
</ul></nav>`;

describe('the onboarding tour steps', () => {
  it('point at the menu entries on a wide screen, skipping the case card when none is shown', () => {
    const root = page(NAV);
    const steps = tourSteps(texts, { mobile: false, drawerId: 'drawer', root });
    expect(steps.map((s) => s.title)).toEqual(['cases', 'messages', 'contract']);
    expect(steps.map((s) => target(s)?.id)).toEqual(['cases', 'contact', 'contract']);
    root.remove();
  });

  it('include a case card when the page shows one', () => {
    const root = page(`${NAV}<article data-tour="case-card" id="card"></article>`);
    const steps = tourSteps(texts, { mobile: false, drawerId: 'drawer', root });
    expect(steps.map((s) => s.title)).toEqual(['cases', 'card', 'messages', 'contract']);
    expect(target(steps[1]!)?.id).toBe('card');
    root.remove();
  });

  it('point at the menu button on a phone, and are centered when even that is missing', () => {
    const root = page('<button id="menu" aria-controls="drawer"></button>');
    const steps = tourSteps(texts, { mobile: true, drawerId: 'drawer', root });
    expect(steps.map((s) => s.title)).toEqual(['menu', 'messages', 'contract']);
    expect(steps.map((s) => target(s)?.id)).toEqual(['menu', 'menu', 'menu']);
    root.remove();
    const bare = page('');
    expect(tourSteps(texts, { mobile: true, drawerId: 'drawer', root: bare }).map(target)).toEqual([
      null,
      null,
      null,
    ]);
    bare.remove();
  });
});
