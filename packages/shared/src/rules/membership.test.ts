import { describe, expect, it } from 'vitest';
import { membershipState } from './membership';

describe('membershipState', () => {
  it('ranks active over trial over on hold over cancelled over none', () => {
    expect(membershipState([])).toBe('none');
    expect(membershipState([{ kind: 'class_pack', status: 'ended' }])).toBe('cancelled');
    expect(
      membershipState([
        { kind: 'membership', status: 'cancelled' },
        { kind: 'membership', status: 'on_hold' },
      ]),
    ).toBe('on_hold');
    expect(
      membershipState([
        { kind: 'trial', status: 'active' },
        { kind: 'membership', status: 'on_hold' },
      ]),
    ).toBe('trial');
    expect(
      membershipState([
        { kind: 'trial', status: 'active' },
        { kind: 'drop_in', status: 'active' },
      ]),
    ).toBe('active');
  });
});
