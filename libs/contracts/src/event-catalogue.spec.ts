import { eventCatalogue } from './event-catalogue.js';
import { Subjects } from './events.js';
import { natsPermissionsOf } from './nats-permissions.js';

const subjects = Object.values(Subjects);

/** Whether a NATS subject pattern (`shop.product.*`) matches a subject. */
function matches(pattern: string, subject: string): boolean {
  const want = pattern.split('.');
  const got = subject.split('.');
  return want.every((token, n) => token === '>' ? n < got.length : token === '*' ? got[n] !== undefined : token === got[n]) &&
    (want.at(-1) === '>' || want.length === got.length);
}

describe('the event catalogue', () => {
  it('names every subject of the shop and no other', () => {
    expect(Object.keys(eventCatalogue).sort()).toEqual([...subjects].sort());
  });

  it.each(subjects)('%s has one producer, and NATS lets that producer publish it', (subject) => {
    const { producer } = eventCatalogue[subject];
    expect(natsPermissionsOf('shop', producer).publish.allow.some((pattern) => matches(pattern, `shop.${subject}`))).toBe(true);
  });

  it.each(subjects)('%s has consumers, or says why it has none', (subject) => {
    const { consumers, unconsumedBecause } = eventCatalogue[subject];
    expect({ consumed: consumers.length > 0, reasonGiven: Boolean(unconsumedBecause?.trim()) }).toEqual(
      consumers.length > 0 ? { consumed: true, reasonGiven: false } : { consumed: false, reasonGiven: true },
    );
  });

  it('leaves no subject unconsumed (the order facts are mailed to their customers: orders/mail)', () => {
    expect(subjects.filter((subject) => eventCatalogue[subject].consumers.length === 0)).toEqual([]);
  });
});
