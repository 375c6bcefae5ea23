import { describe, expect, it } from 'vitest';
import type { MemberStatus } from '@plaza/contracts';
import { member } from '../testing.js';
import { actionBlocker, idsFilter, memberName, tableRequest, noFilters } from './memberRules.js';

const STATUSES: MemberStatus[] = ['UNKNOWN', 'PENDING', 'APPROVED', 'BLOCKED', 'OFFLINE'];

describe('actionBlocker', () => {
  // The server's transition table (members/status.ts), written out: a drift shows up here.
  const allowed = {
    approve: ['UNKNOWN', 'PENDING', 'BLOCKED', 'OFFLINE'],
    block: ['UNKNOWN', 'PENDING', 'APPROVED', 'OFFLINE'],
    disconnect: ['UNKNOWN', 'PENDING', 'APPROVED'],
  } as const;

  for (const [action, from] of Object.entries(allowed) as Array<[keyof typeof allowed, readonly MemberStatus[]]>) {
    for (const status of STATUSES) {
      const ok = from.includes(status);
      it(`${action} from ${status} is ${ok ? 'offered' : 'refused with a reason'}`, () => {
        const reason = actionBlocker(member({ status }), action);
        if (ok) expect(reason).toBeNull();
        else expect(reason).toMatch(/\w+/);
      });
    }
  }

  it('names the state in words', () => {
    expect(actionBlocker(member({ status: 'APPROVED' }), 'approve')).toBe('Already approved.');
    expect(actionBlocker(member({ status: 'BLOCKED' }), 'disconnect')).toBe("A blocked member can't be disconnected.");
  });

  it('never offers the owner any action', () => {
    const owner = member({ role: 'OWNER', status: 'PENDING' });
    for (const action of ['approve', 'block', 'disconnect', 'mute', 'unmute', 'delete'] as const) {
      expect(actionBlocker(owner, action)).toMatch(/owner/);
    }
  });

  it('offers mute to active members and unmute to muted ones', () => {
    expect(actionBlocker(member({ activityStatus: 'ACTIVE' }), 'mute')).toBeNull();
    expect(actionBlocker(member({ activityStatus: 'ACTIVE' }), 'unmute')).toBe('Not muted.');
    expect(actionBlocker(member({ activityStatus: 'MUTED' }), 'unmute')).toBeNull();
    expect(actionBlocker(member({ activityStatus: 'MUTED' }), 'mute')).toBe('Already muted.');
  });
});

describe('tableRequest', () => {
  it('asks for one FULL page sorted by the column, with the chosen filters only', () => {
    expect(
      tableRequest(
        { search: '  ada ', status: 'PENDING', role: '', activityStatus: 'MUTED' },
        { key: 'name', order: 'ASC' },
        { limit: 25, offset: 50 },
      ),
    ).toEqual({
      query: {
        filter: { status: 'PENDING', activityStatus: 'MUTED' },
        sort: [
          { fieldName: 'contact.lastName', order: 'ASC' },
          { fieldName: 'contact.firstName', order: 'ASC' },
        ],
        paging: { limit: 25, offset: 50 },
      },
      search: { expression: 'ada' },
      fieldsets: ['FULL'],
    });
  });

  it('leaves a blank search out (the server wants at least one character) and filters nothing by default', () => {
    const request = tableRequest(
      { ...noFilters, search: '   ' },
      { key: 'lastLogin', order: 'DESC' },
      {
        limit: 25,
        offset: 0,
      },
    );
    expect(request.search).toBeUndefined();
    expect(request.query?.filter).toEqual({});
    expect(request.query?.sort).toEqual([{ fieldName: 'lastLoginDate', order: 'DESC' }]);
  });
});

describe('helpers', () => {
  it('turns picked rows into an id filter for the by-filter routes', () => {
    expect(idsFilter(['a', 'b'])).toEqual({ id: { $in: ['a', 'b'] } });
  });

  it('names a member by nickname, then name, then e-mail, then slug', () => {
    const m = member({ profile: { nickname: 'Ada' } });
    expect(memberName(m)).toBe('Ada');
    expect(memberName({ ...m, profile: {} })).toMatch(/^Ada Lovelace/);
    expect(memberName({ ...m, profile: {}, contact: {} })).toBe(m.loginEmail);
    expect(memberName({ slug: 'x', profile: {} })).toBe('x');
  });
});
