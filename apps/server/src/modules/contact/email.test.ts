import { describe, expect, it } from 'vitest';
import { contactEmail } from './email';

const MESSAGE = {
  name: 'Camille <b>Durand</b>',
  email: 'camille@example.test',
  subject: 'Tarifs & formats',
  message: 'Bonjour,\n<script>alert(1)</script>\nMerci',
};

describe('the contact e-mail', () => {
  it('goes to CONTACT_EMAIL, replies go to the sender, the subject is prefixed', () => {
    const mail = contactEmail('equipe@vitrine.example', { ...MESSAGE, lang: 'fr' });
    expect(mail.to).toBe('equipe@vitrine.example');
    expect(mail.replyTo).toBe('camille@example.test');
    expect(mail.subject).toBe('[Vitrine contact] Tarifs & formats');
  });

  it('the text body holds the message as written; the HTML body escapes everything the sender wrote', () => {
    const mail = contactEmail('equipe@vitrine.example', { ...MESSAGE, lang: 'en' });
    expect(mail.text).toContain('<script>alert(1)</script>');
    expect(mail.text).toContain('Name: Camille <b>Durand</b>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Durand');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Tarifs &amp; formats');
  });

  it('is labelled in the sender’s language', () => {
    expect(contactEmail('a@b.example', { ...MESSAGE, lang: 'fr' }).text).toContain('Nom\u00a0: Camille');
    expect(contactEmail('a@b.example', { ...MESSAGE, lang: 'en' }).text).toContain('Name: ');
  });
});
