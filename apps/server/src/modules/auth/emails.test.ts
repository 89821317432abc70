import { describe, expect, it } from 'vitest';
import { resetPasswordEmail, signInAlertEmail, verificationEmail } from './emails';

const URL = 'https://vitrine.example/api/auth/core/verify-email?token=abc';

describe('account e-mails, plain-text part', () => {
  it('the link follows its label with each language’s colon: no space in English, a non-breaking one in French', () => {
    expect(verificationEmail('en', 'lea@example.test', 'Léa', URL, 24).text).toContain(
      `Confirm my email: ${URL}`,
    );
    expect(verificationEmail('fr', 'lea@example.test', 'Léa', URL, 24).text).toContain(
      `Confirmer mon e-mail\u00a0: ${URL}`,
    );
    expect(resetPasswordEmail('en', 'lea@example.test', 'Léa', URL).text).not.toMatch(/ :/);
    expect(resetPasswordEmail('fr', 'lea@example.test', 'Léa', URL).text).not.toMatch(/[^\u00a0]:\s/);
    // The alert goes in both languages, each with its own rule.
    const alert = signInAlertEmail('lea@example.test', 'Léa', URL).text ?? '';
    expect(alert).not.toMatch(/ : /);
    expect(alert).toMatch(/\u00a0: /);
  });
});
