import { describe, expect, it } from 'vitest';
import {
  FUND_ROLES,
  FUND_ROLE_LABELS,
  FUND_ROLE_LISTS,
  applyFundRoleEdit,
  emptyFundInfo,
  normalizeFundInfo,
  removeFromFundRole,
  type FundInfo,
  type FundRole,
  type FundRoleList,
} from './fundRoles.ts';

const fundInfo = (partial: Partial<FundInfo> = {}): FundInfo => ({ ...emptyFundInfo(), ...partial });

/** Freezes the object and its lists, so any mutation by the code under test throws. */
const frozen = (info: FundInfo): FundInfo =>
  Object.freeze({
    lead_angel: info.lead_angel,
    panel: Object.freeze([...info.panel]),
    co_invest: Object.freeze([...info.co_invest]),
    observer: Object.freeze([...info.observer]),
    advisor: Object.freeze([...info.advisor]),
  }) as FundInfo;

describe('fund role constants', () => {
  it('FUND_ROLES lists the lead then the list roles', () => {
    expect(FUND_ROLES).toEqual(['lead_angel', 'panel', 'co_invest', 'observer', 'advisor']);
  });

  it('FUND_ROLE_LISTS is every role but the lead', () => {
    expect(FUND_ROLE_LISTS).toEqual(['panel', 'co_invest', 'observer', 'advisor']);
  });

  it('FUND_ROLE_LABELS names each role in both languages', () => {
    expect(FUND_ROLE_LABELS).toEqual({
      lead_angel: { 'zh-TW': '領投天使', en: 'Lead angel' },
      panel: { 'zh-TW': '評審團', en: 'Panel' },
      co_invest: { 'zh-TW': '共同投資', en: 'Co-investor' },
      observer: { 'zh-TW': '觀察員', en: 'Observer' },
      advisor: { 'zh-TW': '顧問', en: 'Advisor' },
    });
  });
});

describe('emptyFundInfo', () => {
  it('has no lead and empty lists', () => {
    expect(emptyFundInfo()).toEqual({
      lead_angel: null,
      panel: [],
      co_invest: [],
      observer: [],
      advisor: [],
    });
  });

  it('returns fresh lists each time', () => {
    const first = emptyFundInfo();
    first.panel.push(1);
    expect(emptyFundInfo().panel).toEqual([]);
  });
});

describe('normalizeFundInfo', () => {
  it.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'lead_angel'],
    ['a number', 42],
    ['an array', [1, 2]],
    ['an empty object', {}],
  ])('%s becomes empty fund info', (_label, raw) => {
    expect(normalizeFundInfo(raw)).toEqual(emptyFundInfo());
  });

  it('keeps well-formed fund info as it is', () => {
    const raw = { lead_angel: 1, panel: [2, 3], co_invest: [4], observer: [5], advisor: [6, 7] };
    expect(normalizeFundInfo(raw)).toEqual(raw);
  });

  it('fills missing keys', () => {
    expect(normalizeFundInfo({ panel: [2] })).toEqual({
      lead_angel: null,
      panel: [2],
      co_invest: [],
      observer: [],
      advisor: [],
    });
  });

  it.each<[string, unknown]>([
    ['a string', '1,2'],
    ['an object', { 0: 1 }],
    ['a number', 3],
    ['null', null],
  ])('a list that is %s becomes empty', (_label, value) => {
    expect(normalizeFundInfo({ panel: value, co_invest: value, observer: value, advisor: value })).toEqual(
      emptyFundInfo(),
    );
  });

  it('drops duplicate ids, keeping the first occurrence in order', () => {
    expect(normalizeFundInfo({ panel: [3, 1, 3, 2, 1], advisor: [4, 4] })).toEqual(
      fundInfo({ panel: [3, 1, 2], advisor: [4] }),
    );
  });

  it('drops ids that are not positive integers', () => {
    const junk = [1.5, '3', Number.NaN, null, -1, 0, Number.POSITIVE_INFINITY, 2 ** 53, {}, true];
    expect(
      normalizeFundInfo({ panel: [7, ...junk, 8], co_invest: junk, observer: [9], advisor: [] }),
    ).toEqual(fundInfo({ panel: [7, 8], observer: [9] }));
  });

  it.each<[string, unknown, number | null]>([
    ['a client id', 5, 5],
    ['an id as a string', '5', null],
    ['a fraction', 1.5, null],
    ['zero', 0, null],
    ['a negative number', -5, null],
    ['null', null, null],
    ['an array', [5], null],
  ])('a lead that is %s → %s', (_label, lead, expected) => {
    expect(normalizeFundInfo({ lead_angel: lead }).lead_angel).toBe(expected);
  });

  it('drops keys that are not fund roles', () => {
    expect(normalizeFundInfo({ lead_angel: 1, sponsor: [2] })).toEqual(fundInfo({ lead_angel: 1 }));
  });

  it('does not share lists with its input', () => {
    const raw = { panel: [1] };
    const result = normalizeFundInfo(raw);
    raw.panel.push(2);
    expect(result.panel).toEqual([1]);
  });
});

describe('applyFundRoleEdit', () => {
  describe('to lead_angel', () => {
    it('with no previous lead: the client becomes lead and the panel is untouched', () => {
      expect(
        applyFundRoleEdit(fundInfo({ panel: [2] }), { clientId: 1, from: null, to: 'lead_angel' }),
      ).toEqual(fundInfo({ lead_angel: 1, panel: [2] }));
    });

    it('moves the previous lead into the panel when absent from it', () => {
      const before = fundInfo({ lead_angel: 5, panel: [2] });
      expect(applyFundRoleEdit(before, { clientId: 1, from: null, to: 'lead_angel' })).toEqual(
        fundInfo({ lead_angel: 1, panel: [2, 5] }),
      );
    });

    it('does not add the previous lead to the panel twice', () => {
      const before = fundInfo({ lead_angel: 5, panel: [5, 2] });
      expect(applyFundRoleEdit(before, { clientId: 1, from: null, to: 'lead_angel' })).toEqual(
        fundInfo({ lead_angel: 1, panel: [5, 2] }),
      );
    });

    it.each<FundRole | null>([null, 'lead_angel', ...FUND_ROLE_LISTS])(
      're-assigning the current lead (edited from %s) changes nothing',
      (from) => {
        const before = fundInfo({
          lead_angel: 1,
          panel: [1, 2],
          co_invest: [1],
          observer: [1],
          advisor: [1],
        });
        expect(applyFundRoleEdit(before, { clientId: 1, from, to: 'lead_angel' })).toEqual(before);
      },
    );

    it('edited from the panel: leaves the panel, and the previous lead joins it', () => {
      const before = fundInfo({ lead_angel: 5, panel: [1, 2] });
      expect(applyFundRoleEdit(before, { clientId: 1, from: 'panel', to: 'lead_angel' })).toEqual(
        fundInfo({ lead_angel: 1, panel: [2, 5] }),
      );
    });

    it.each<[FundRoleList, FundInfo]>([
      ['co_invest', fundInfo({ lead_angel: 1, panel: [5], co_invest: [3], observer: [1], advisor: [1] })],
      ['observer', fundInfo({ lead_angel: 1, panel: [5], co_invest: [3, 1], observer: [], advisor: [1] })],
      ['advisor', fundInfo({ lead_angel: 1, panel: [5], co_invest: [3, 1], observer: [1], advisor: [] })],
    ])('edited from %s: leaves only that list, and the previous lead joins the panel', (from, expected) => {
      const before = fundInfo({ lead_angel: 5, co_invest: [3, 1], observer: [1], advisor: [1] });
      expect(applyFundRoleEdit(before, { clientId: 1, from, to: 'lead_angel' })).toEqual(expected);
    });

    it('edited from no role: other lists he is in are kept', () => {
      const before = fundInfo({ lead_angel: 5, panel: [1], co_invest: [1] });
      expect(applyFundRoleEdit(before, { clientId: 1, from: null, to: 'lead_angel' })).toEqual(
        fundInfo({ lead_angel: 1, panel: [1, 5], co_invest: [1] }),
      );
    });

    it('edited from the panel while also a co-investor: leaves the panel only', () => {
      const before = fundInfo({ lead_angel: null, panel: [1, 2], co_invest: [1] });
      expect(applyFundRoleEdit(before, { clientId: 1, from: 'panel', to: 'lead_angel' })).toEqual(
        fundInfo({ lead_angel: 1, panel: [2], co_invest: [1] }),
      );
    });

    it('edited from a list he is not in: the list is unchanged', () => {
      const before = fundInfo({ lead_angel: 5, observer: [3] });
      expect(applyFundRoleEdit(before, { clientId: 1, from: 'observer', to: 'lead_angel' })).toEqual(
        fundInfo({ lead_angel: 1, panel: [5], observer: [3] }),
      );
    });

    it('edited from lead_angel although not the lead (a stale screen): becomes lead, lists untouched', () => {
      const before = fundInfo({ lead_angel: 5, panel: [1] });
      expect(applyFundRoleEdit(before, { clientId: 1, from: 'lead_angel', to: 'lead_angel' })).toEqual(
        fundInfo({ lead_angel: 1, panel: [1, 5] }),
      );
    });
  });

  describe('to a list role', () => {
    it.each(FUND_ROLE_LISTS)('moving the lead to %s clears the lead and adds him to it', (to) => {
      const before = fundInfo({ lead_angel: 1, panel: [2] });
      const expected = fundInfo({ lead_angel: null, panel: [2] });
      expected[to] = [...expected[to], 1];
      expect(applyFundRoleEdit(before, { clientId: 1, from: 'lead_angel', to })).toEqual(expected);
    });

    it('moving the lead to the panel he is already in clears the lead without a duplicate', () => {
      const before = fundInfo({ lead_angel: 1, panel: [1, 2] });
      expect(applyFundRoleEdit(before, { clientId: 1, from: 'lead_angel', to: 'panel' })).toEqual(
        fundInfo({ lead_angel: null, panel: [1, 2] }),
      );
    });

    it('clearing the lead does not promote anyone or move anyone into the panel', () => {
      const before = fundInfo({ lead_angel: 1, co_invest: [3] });
      expect(applyFundRoleEdit(before, { clientId: 1, from: 'lead_angel', to: 'observer' })).toEqual(
        fundInfo({ lead_angel: null, observer: [1], co_invest: [3] }),
      );
    });

    it('edited from lead_angel by someone who is not the lead: the lead stays', () => {
      const before = fundInfo({ lead_angel: 5 });
      expect(applyFundRoleEdit(before, { clientId: 1, from: 'lead_angel', to: 'panel' })).toEqual(
        fundInfo({ lead_angel: 5, panel: [1] }),
      );
    });

    it('giving the lead an extra role without editing his lead role keeps him lead', () => {
      const before = fundInfo({ lead_angel: 1 });
      expect(applyFundRoleEdit(before, { clientId: 1, from: null, to: 'advisor' })).toEqual(
        fundInfo({ lead_angel: 1, advisor: [1] }),
      );
    });

    it('moving between two list roles only adds: the client stays in the list he came from', () => {
      const before = fundInfo({ co_invest: [1, 2] });
      expect(applyFundRoleEdit(before, { clientId: 1, from: 'co_invest', to: 'observer' })).toEqual(
        fundInfo({ co_invest: [1, 2], observer: [1] }),
      );
    });

    it('appends at the end of the list', () => {
      expect(
        applyFundRoleEdit(fundInfo({ panel: [4, 2] }), { clientId: 3, from: null, to: 'panel' }),
      ).toEqual(fundInfo({ panel: [4, 2, 3] }));
    });

    it.each(FUND_ROLE_LISTS)('adding to %s twice keeps one entry', (to) => {
      const once = applyFundRoleEdit(emptyFundInfo(), { clientId: 1, from: null, to });
      const twice = applyFundRoleEdit(once, { clientId: 1, from: null, to });
      const expected = emptyFundInfo();
      expected[to] = [1];
      expect(once).toEqual(expected);
      expect(twice).toEqual(expected);
    });
  });

  describe('immutability', () => {
    const before = fundInfo({ lead_angel: 5, panel: [1, 2], co_invest: [3], observer: [4], advisor: [6] });
    const edits: { clientId: number; from: FundRole | null; to: FundRole }[] = [
      { clientId: 5, from: 'lead_angel', to: 'lead_angel' },
      { clientId: 1, from: 'panel', to: 'lead_angel' },
      { clientId: 9, from: null, to: 'lead_angel' },
      { clientId: 5, from: 'lead_angel', to: 'panel' },
      { clientId: 9, from: null, to: 'advisor' },
      { clientId: 3, from: 'co_invest', to: 'observer' },
    ];

    it.each(edits)('edit %j leaves its input untouched and shares no list with it', (edit) => {
      const input = frozen(before);
      const result = applyFundRoleEdit(input, edit);
      expect(input).toEqual(before);
      expect(result).not.toBe(input);
      for (const role of FUND_ROLE_LISTS) expect(result[role]).not.toBe(input[role]);
    });
  });
});

describe('removeFromFundRole', () => {
  const before = fundInfo({ lead_angel: 1, panel: [1, 2], co_invest: [2, 3], observer: [3], advisor: [4] });

  it('removing the lead clears the lead only', () => {
    expect(removeFromFundRole(before, { clientId: 1, role: 'lead_angel' })).toEqual(
      fundInfo({ lead_angel: null, panel: [1, 2], co_invest: [2, 3], observer: [3], advisor: [4] }),
    );
  });

  it('removing someone else from lead_angel keeps the lead', () => {
    expect(removeFromFundRole(before, { clientId: 2, role: 'lead_angel' })).toEqual(before);
  });

  it.each<[FundRoleList, number, Partial<FundInfo>]>([
    ['panel', 2, { panel: [1] }],
    ['panel', 1, { panel: [2] }],
    ['co_invest', 2, { co_invest: [3] }],
    ['observer', 3, { observer: [] }],
    ['advisor', 4, { advisor: [] }],
  ])('removing from %s client %i touches that list only', (role, clientId, changed) => {
    expect(removeFromFundRole(before, { clientId, role })).toEqual({ ...before, ...changed });
  });

  it('removing a client absent from the list changes nothing', () => {
    expect(removeFromFundRole(before, { clientId: 9, role: 'observer' })).toEqual(before);
  });

  it.each<FundRole>([...FUND_ROLES])('removing from %s leaves its input untouched', (role) => {
    const input = frozen(before);
    const result = removeFromFundRole(input, { clientId: 1, role });
    expect(input).toEqual(before);
    for (const list of FUND_ROLE_LISTS) expect(result[list]).not.toBe(input[list]);
  });
});
