import { clientKeyOf } from './client-key.js';

describe('clientKeyOf', () => {
  it('counts an IPv4 client by its address, IPv4-mapped IPv6 as IPv4', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    const key = clientKeyOf('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:0db8:0001:0002::1')).toBe(key);
    expect(clientKeyOf('2001:DB8:1:2::ffff')).toBe(key);
    expect(clientKeyOf('2001:db8:1:2::1%eth0')).toBe(key);
    expect(clientKeyOf('2001:db8:1:3::1')).not.toBe(key);
  });

  it('counts anything that is no address as it is', () => {
    expect(clientKeyOf('unknown')).toBe('unknown');
  });
});
