import { normalEmail } from '../../validation.js';
import { CONFUSABLES_VERSION } from './confusables.data.js';
import { isSingleScript, MIXED_SCRIPTS, newEmailProblem, QUOTED_LOCAL_PART, skeletonOf, tr39Skeleton } from './email-rules.js';

const ADMIN_SKELETON = skeletonOf('admin@example.com');

describe('email rules', () => {
  it("uses Unicode 17's confusables, and maps as UTS #39 says", () => {
    expect(CONFUSABLES_VERSION).toBe('17.0.0');
    expect(tr39Skeleton('раураl')).toBe('paypal'); // Cyrillic р, а, у
    expect(tr39Skeleton('ı')).toBe('i');
    expect(tr39Skeleton('m')).toBe('rn');
    expect(tr39Skeleton('a\u200db')).toBe('ab'); // a default ignorable is dropped
  });

  it.each([
    ['Cyrillic letters in the domain', 'admin@еxаmple.com'],
    ['a dotless i', 'admın@example.com'],
    ['an n with an acute accent', 'admiń@example.com'],
    ['a Greek omicron in the top-level domain', 'admin@example.cοm'],
    ['a Cyrillic a first', 'аdmin@example.com'],
    ['an i with a combining dot above', 'admi\u0307n@example.com'],
    ['a capital I with a dot above', 'admİn@example.com'],
  ])("gives %s the admin's skeleton, or refuses it as mixed scripts", (_what, email) => {
    const normal = normalEmail(email);
    expect(newEmailProblem(normal) === MIXED_SCRIPTS || skeletonOf(normal) === ADMIN_SKELETON).toBe(true);
  });

  it('refuses mixed scripts in the local part and in any one label, not across them', () => {
    expect(newEmailProblem(normalEmail('аdmin@example.com'))).toBe(MIXED_SCRIPTS);
    expect(newEmailProblem(normalEmail('admin@еxаmple.com'))).toBe(MIXED_SCRIPTS);
    expect(newEmailProblem(normalEmail('admin@example.cοm'))).toBe(MIXED_SCRIPTS);
    expect(newEmailProblem(normalEmail('иван@пример.рф'))).toBeUndefined();
    expect(newEmailProblem(normalEmail('ivan@пример.рф'))).toBeUndefined();
    expect(newEmailProblem(normalEmail('zieliński@example.pl'))).toBeUndefined();
    expect(newEmailProblem(normalEmail('山田たろう@例え.jp'))).toBeUndefined();
  });

  it('allows the mixes one writing system uses (Japanese, Korean with Han), not Latin with Greek or Cyrillic', () => {
    expect(isSingleScript('yamadaやまだ山田ヤマダ')).toBe(true);
    expect(isSingleScript('kim金김')).toBe(true);
    expect(isSingleScript('jane.doe+shop-1')).toBe(true);
    expect(isSingleScript('jаne')).toBe(false);
    expect(isSingleScript('αlpha')).toBe(false);
  });

  it('refuses a quoted local part', () => {
    expect(newEmailProblem('"admin"@example.com')).toBe(QUOTED_LOCAL_PART);
    expect(newEmailProblem('"a\\"b"@example.com')).toBe(QUOTED_LOCAL_PART);
  });

  it('keeps a domain in its IDNA ASCII form, so both spellings are one address', () => {
    expect(normalEmail('Jane@Exämple.com')).toBe('jane@xn--exmple-cua.com');
    expect(normalEmail('jane@xn--exmple-cua.com')).toBe('jane@xn--exmple-cua.com');
    expect(skeletonOf(normalEmail('jane@exämple.com'))).toBe(skeletonOf('jane@xn--exmple-cua.com'));
  });

  it('tells apart emails that do not look alike', () => {
    expect(skeletonOf('jane@example.com')).not.toBe(skeletonOf('john@example.com'));
    expect(skeletonOf('admin@example.com')).not.toBe(skeletonOf('admins@example.com'));
    expect(skeletonOf('иван@xn--e1afmkfd.xn--p1ai')).not.toBe(skeletonOf('ivan@xn--e1afmkfd.xn--p1ai'));
  });
});
