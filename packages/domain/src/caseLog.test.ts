import { describe, expect, it } from 'vitest';
import { clientIdsInChanges, isClientField } from './caseLog.ts';

describe('client ids in case history', () => {
  it('names the fields holding client ids', () => {
    expect(isClientField('client_id')).toBe(true);
    expect(isClientField('fund_info.lead_angel')).toBe(true);
    expect(isClientField('fund_info.panel')).toBe(true);
    expect(isClientField('fund_info')).toBe(false);
    expect(isClientField('fund_info.other')).toBe(false);
    expect(isClientField('ao_id')).toBe(false);
  });

  it('collects them from client_id and fund_info, once each, ignoring what is not an id', () => {
    expect(
      clientIdsInChanges({
        id: { from: null, to: 99 },
        client_id: { from: 3, to: 4 },
        fund_info: {
          from: { lead_angel: 4, panel: [5, 6], co_invest: [], observer: ['7'], advisor: [] },
          to: { lead_angel: 8, panel: [4, 5, 6], co_invest: [], observer: [], advisor: [-1] },
        },
        ao_id: { from: 1, to: 2 },
      }).sort((a, b) => a - b),
    ).toEqual([3, 4, 5, 6, 8]);
    expect(
      clientIdsInChanges({ client_id: { from: null, to: null }, fund_info: { from: null, to: [] } }),
    ).toEqual([]);
  });
});
