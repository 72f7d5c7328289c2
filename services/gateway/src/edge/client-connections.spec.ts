import { addressKeyOf } from './client-connections.js';

describe('addressKeyOf', () => {
  it('counts an IPv4 client by its address, IPv4-mapped IPv6 as IPv4', () => {
    expect(addressKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    expect(addressKeyOf('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKeyOf('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKeyOf('2001:db8:1:2::ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(addressKeyOf('2001:db8:1:3::1')).not.toBe(addressKeyOf('2001:db8:1:2::1'));
  });
});
