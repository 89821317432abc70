import { describe, expect, it } from 'vitest';
import { MAIL_CHECK_EVERY_MS, withDeliveryHealth, type MailTransport } from './delivery-health';

function transport(answers: boolean[]) {
  let probes = 0;
  const fake: MailTransport = {
    kind: 'smtp',
    send: () => Promise.resolve({ messageId: 'm' }),
    probe: () => (answers[probes++] ? Promise.resolve() : Promise.reject(new Error('no greeting'))),
    close() {},
  };
  return { fake, probes: () => probes };
}

describe('mail delivery is checked at most every 5 minutes', () => {
  it('asks the mail server once, answers from that until 5 minutes have passed, then asks again', async () => {
    let clock = 0;
    const { fake, probes } = transport([true, false]);
    const mailer = withDeliveryHealth(fake, { now: () => clock });
    expect(await mailer.deliverable()).toBe(true);
    clock = MAIL_CHECK_EVERY_MS - 1;
    expect(await Promise.all([mailer.deliverable(), mailer.deliverable()])).toEqual([true, true]);
    expect(probes()).toBe(1);
    clock = MAIL_CHECK_EVERY_MS;
    expect(await mailer.deliverable()).toBe(false);
    expect(probes()).toBe(2);
  });

  it('shares one check under way between callers', async () => {
    const { fake, probes } = transport([true]);
    const mailer = withDeliveryHealth(fake, { now: () => 0 });
    expect(await Promise.all([mailer.deliverable(), mailer.deliverable(), mailer.deliverable()])).toEqual([
      true,
      true,
      true,
    ]);
    expect(probes()).toBe(1);
  });
});
