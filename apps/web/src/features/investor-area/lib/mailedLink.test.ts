import { describe, expect, it } from 'vitest';
import { mailedLinkTarget, redirectRefusedOf } from './mailedLink.ts';

describe('where a mailed link sends the investor', () => {
  it.each([
    ['?to=/investor/contact', '/investor/contact'],
    ['?to=%2Finvestor%2Fcontract', '/investor/contract'],
    ['?to=/investor/cases/detail/12?tab=nda', '/investor/cases/detail/12?tab=nda'],
    ['?to=/investor', '/investor'],
    ['?redirect=/investor/qa', '/investor/qa'],
  ])('%s opens %s', (search, to) => {
    expect(mailedLinkTarget(search)).toEqual({ to, refused: false });
  });

  it.each([
    [''],
    ['?to='],
    ['?to=https://evil.example.com/investor'],
    ['?to=//evil.example.com'],
    ['?to=/%2Fevil.example.com'],
    ['?to=/investor/../dashboard/auth'],
    ['?to=/investor/%2e%2e/dashboard'],
    ['?to=/investorx'],
    ['?to=/dashboard/report'],
    ['?to=/investor/redirect?to=/investor/qa'],
    ['?to=javascript:alert(1)'],
    ['?to=/investor\\evil'],
  ])('refuses %s and goes home', (search) => {
    expect(mailedLinkTarget(search)).toEqual({ to: '/investor', refused: true });
  });

  it('reads the refusal from the navigation state only when it is one', () => {
    expect(redirectRefusedOf({ redirectRefused: true })).toBe(true);
    expect(redirectRefusedOf({ redirectRefused: 'yes' })).toBe(false);
    expect(redirectRefusedOf(null)).toBe(false);
  });
});
