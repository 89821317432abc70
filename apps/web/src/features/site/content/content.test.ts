import { describe, expect, it } from 'vitest';
import type { ProseDocument, SiteInfo } from '@vitrine/shared/api/site';
import { DASHBOARD_LANGUAGE_STORAGE_KEY, LANGUAGES, type Lang } from '@vitrine/shared/locale';
import { isPagePath, twinPageOf } from '@vitrine/shared/routes';
import { PENDING_PLAN_STORAGE_KEY } from '../../billing/lib/pending-plan';
import { SIDEBAR_COOKIE_MAX_AGE_SECONDS, SIDEBAR_COOKIE_NAME } from '../../dashboard/lib/sidebar-state';
import { aboutDocument } from './about';
import { careersDocument } from './careers';
import { cookiesDocument } from './cookies';
import { privacyDocument } from './privacy';
import { termsDocument } from './terms';

/** Values no default holds, so finding them in the text proves they come from the operator's settings. */
const site: SiteInfo = {
  companyName: 'Atelier Lumière SAS',
  addressLines: ['12 rue des Lilas', '75011 Paris', 'France'],
  contactEmail: 'dpo@atelier-lumiere.example',
  parentCompanyUrl: null,
};

const documents: Record<string, (lang: Lang, site: SiteInfo) => ProseDocument> = {
  about: aboutDocument,
  careers: careersDocument,
  privacy: privacyDocument,
  terms: termsDocument,
  cookies: cookiesDocument,
};

/** Every string a reader sees. */
function texts(doc: ProseDocument): string[] {
  return [
    doc.title,
    ...(doc.lead === undefined ? [] : [doc.lead]),
    ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.items ?? [])]),
  ];
}

const LINK = /\[([^\]]*)\]\(([^)\s]*)\)/g;

describe.each(Object.entries(documents))('%s page content', (_name, build) => {
  const fr = build('fr', site);
  const en = build('en', site);

  it('has the same shape in French and English: as many sections, paragraphs and items in each', () => {
    expect(fr.sections.length).toBe(en.sections.length);
    expect(fr.lead === undefined).toBe(en.lead === undefined);
    fr.sections.forEach((section, i) => {
      const twin = en.sections[i]!;
      expect(section.paragraphs.length, section.heading).toBe(twin.paragraphs.length);
      expect(section.items?.length ?? 0, section.heading).toBe(twin.items?.length ?? 0);
    });
  });

  it.each(LANGUAGES)('has no empty title, heading, paragraph or item (%s)', (lang) => {
    const doc = build(lang, site);
    expect(doc.sections.length).toBeGreaterThan(0);
    for (const section of doc.sections)
      expect(section.paragraphs.length + (section.items?.length ?? 0)).toBeGreaterThan(0);
    for (const text of texts(doc)) expect(text.trim().length).toBeGreaterThan(0);
  });

  it.each(LANGUAGES)('links only to pages of the same language or to home-page anchors (%s)', (lang) => {
    for (const text of texts(build(lang, site))) {
      for (const [, label, href] of text.matchAll(LINK)) {
        expect(label!.trim(), text).not.toBe('');
        if (href!.startsWith('/#')) continue;
        expect(isPagePath(href!), href).toBe(true);
        const twin = twinPageOf(href!);
        if (twin) expect(twin.lang, href).toBe(lang);
      }
      // A bracket or parenthesis pair that is not a well-formed link would show as raw text.
      expect(text.replace(LINK, ''), text).not.toMatch(/\]\(/);
    }
  });

  it('follows French typography: no plain space before : ; ! ? nor inside « », no straight apostrophe', () => {
    for (const text of texts(fr)) {
      expect(text, text).not.toMatch(/ [:;!?»]/);
      expect(text, text).not.toMatch(/« /);
      expect(text, text).not.toContain("'");
    }
  });

  it('uses curly quotes and apostrophes in English', () => {
    for (const text of texts(en)) {
      expect(text, text).not.toContain("'");
      expect(text, text).not.toContain('"');
    }
  });
});

describe('about page (spec section 2)', () => {
  it('states the motto Innovation, Simplicity, Excellence and the three values in each language', () => {
    const fr = texts(aboutDocument('fr', site)).join('\n');
    const en = texts(aboutDocument('en', site)).join('\n');
    expect(fr).toContain('Innovation, Simplicité, Excellence');
    expect(en).toContain('Innovation, Simplicity, Excellence');
    for (const value of ['Innovation', 'Qualité', 'Accessibilité'])
      expect(fr).toMatch(new RegExp(`^${value}\u00a0:`, 'm'));
    for (const value of ['Innovation', 'Quality', 'Accessibility'])
      expect(en).toMatch(new RegExp(`^${value}:`, 'm'));
    expect(aboutDocument('fr', site).sections.map((s) => s.heading)).toEqual(
      expect.arrayContaining(['Notre mission', 'Notre vision', 'Nos valeurs']),
    );
    expect(aboutDocument('en', site).sections.map((s) => s.heading)).toEqual(
      expect.arrayContaining(['Our mission', 'Our vision', 'Our values']),
    );
  });
});

describe('careers page (spec section 2)', () => {
  it('lists benefits, says no position is open and invites a spontaneous application through the contact page', () => {
    for (const lang of LANGUAGES) {
      const doc = careersDocument(lang, site);
      expect(doc.sections.some((s) => (s.items?.length ?? 0) >= 3)).toBe(true);
      const all = texts(doc).join('\n');
      expect(all).toMatch(lang === 'fr' ? /Aucun poste n’est ouvert/ : /No position is open/);
      expect(all).toContain(`](${lang === 'fr' ? '/contact' : '/contact-en'})`);
    }
  });
});

/** Spec sections 2 and 9: the legal pages' section counts, the same in both languages. */
const SECTION_COUNTS: [string, (lang: Lang, site: SiteInfo) => ProseDocument, number][] = [
  ['privacy policy', privacyDocument, 6],
  ['terms of service', termsDocument, 11],
  ['cookie policy', cookiesDocument, 9],
];

describe.each(SECTION_COUNTS)('%s', (_name, build, count) => {
  it.each(LANGUAGES)(`has exactly ${count} sections (%s)`, (lang) => {
    expect(build(lang, site).sections).toHaveLength(count);
  });

  it.each(LANGUAGES)('names the company from the site settings (%s)', (lang) => {
    expect(texts(build(lang, site)).join('\n')).toContain(site.companyName);
  });

  it.each(LANGUAGES)('states the date of its last update, June 8, 2025 (%s)', (lang) => {
    expect(texts(build(lang, site)).join('\n')).toContain(lang === 'fr' ? '8 juin 2025' : 'June 8, 2025');
  });
});

/** The publisher and the controller are the operator's company: its name, address and e-mail are settings. */
describe.each([
  ['privacy policy', privacyDocument],
  ['terms of service', termsDocument],
] as const)('%s', (_name, build) => {
  it.each(LANGUAGES)(
    'names the company, its address and its contact e-mail from the site settings (%s)',
    (lang) => {
      const all = texts(build(lang, site)).join('\n');
      expect(all).toContain(site.companyName);
      for (const line of site.addressLines) expect(all).toContain(line);
      expect(all).toContain(site.contactEmail);
    },
  );
});

describe('terms of service (spec sections 2 and 9)', () => {
  it('is governed by French law, with the courts of Paris unless consumer law says otherwise', () => {
    const fr = texts(termsDocument('fr', site)).join('\n');
    const en = texts(termsDocument('en', site)).join('\n');
    expect(fr).toContain('droit français');
    expect(fr).toContain('tribunaux de Paris');
    expect(fr).toContain('droit de la consommation');
    expect(en).toContain('French law');
    expect(en).toContain('courts of Paris');
    expect(en).toContain('consumer law');
  });

  it('states the free quota of 3 generations, the Starter and Pro plans, their monthly renewal and cancellation at the end of the period', () => {
    const fr = texts(termsDocument('fr', site)).join('\n');
    const en = texts(termsDocument('en', site)).join('\n');
    expect(fr).toContain('3 générations gratuites');
    expect(fr).toContain('Starter\u00a0: 29\u00a0€ par mois, 40 générations par mois');
    expect(fr).toContain('Pro\u00a0: 59\u00a0€ par mois, 100 générations par mois');
    expect(fr).toContain('se renouvelle chaque mois à la même date');
    expect(fr).toContain('La résiliation prend effet à la fin de la période en cours');
    expect(en).toContain('3 free generations');
    expect(en).toContain('Starter: €29 a month, 40 generations a month');
    expect(en).toContain('Pro: €59 a month, 100 generations a month');
    expect(en).toContain('renews every month on the same date');
    expect(en).toContain('A cancellation takes effect at the end of the current period');
  });
});

describe('cookie policy (spec section 9)', () => {
  it('says consent is kept 6 months and cookies 13 months at most', () => {
    const fr = texts(cookiesDocument('fr', site)).join('\n');
    const en = texts(cookiesDocument('en', site)).join('\n');
    expect(fr).toContain('conservé 6 mois');
    expect(fr).toContain('plus de 13 mois');
    expect(en).toContain('kept for 6 months');
    expect(en).toContain('more than 13 months');
  });

  it.each(LANGUAGES)(
    'lists each cookie and storage entry the app sets, by name, with a purpose and a lifetime (%s)',
    (lang) => {
      const items = cookiesDocument(lang, site).sections.flatMap((s) => s.items ?? []);
      const names = [
        // SESSION_COOKIE in apps/server/src/modules/auth/auth.ts (cookie prefix "vitrine"); the web app
        // cannot import it (the module loads better-auth), so apps/server/test/auth.int.test.ts checks
        // the server sets this very name.
        'vitrine.session_token',
        // better-auth's OAuth state cookie under the same prefix, 300 s (better-auth dist/state.mjs);
        // apps/server/test/google.int.test.ts checks its name and lifetime.
        'vitrine.state',
        // SIGN_UP_PROOF_COOKIE and KNOWN_DEVICE_COOKIE (apps/server/src/modules/auth); the server tests
        // check the names it sets.
        'vitrine.sign_up',
        'vitrine.known_device',
        SIDEBAR_COOKIE_NAME,
        'cookieConsent',
        'siteLanguage',
        DASHBOARD_LANGUAGE_STORAGE_KEY,
        'vitrine.trackedGeneration.fusion',
        'vitrine.trackedGeneration.express',
        PENDING_PLAN_STORAGE_KEY,
      ];
      for (const name of names) {
        const item = items.find((text) => text.includes(name));
        expect(item, name).toBeDefined();
        expect(item, name).toMatch(lang === 'fr' ? /Durée\u00a0: \S/ : /Lifetime: \S/);
      }
    },
  );
});

describe('cookie policy lifetimes', () => {
  it.each(LANGUAGES)('gives the sidebar cookie the lifetime the dashboard sets, 7 days (%s)', (lang) => {
    const days = SIDEBAR_COOKIE_MAX_AGE_SECONDS / (24 * 3600);
    const item = cookiesDocument(lang, site)
      .sections.flatMap((s) => s.items ?? [])
      .find((text) => text.startsWith(SIDEBAR_COOKIE_NAME));
    expect(item).toContain(lang === 'fr' ? `Durée\u00a0: ${days} jours` : `Lifetime: ${days} days`);
  });
});

describe('privacy policy (spec section 2)', () => {
  it('states the retention periods the server applies', () => {
    const fr = texts(privacyDocument('fr', site)).join('\n');
    const en = texts(privacyDocument('en', site)).join('\n');
    for (const fact of [
      '30 minutes sans activité',
      '30 jours',
      '500 Mo',
      'un an à compter de la génération',
      '12 mois',
    ]) {
      expect(fr).toContain(fact);
    }
    for (const fact of [
      '30 minutes without activity',
      '30 days',
      '500 MB',
      'one year from the generation',
      '12 months',
    ]) {
      expect(en).toContain(fact);
    }
  });

  it('says the attempt counters, including the contact form’s, hold IP and e-mail addresses, and that the security log holds no IP address', () => {
    const fr = texts(privacyDocument('fr', site)).join('\n');
    const en = texts(privacyDocument('en', site)).join('\n');
    expect(fr).toContain('les envois du formulaire de contact');
    expect(fr).toContain('ces compteurs contiennent donc l’adresse IP ou l’adresse e-mail');
    expect(fr).toContain('Ce journal n’enregistre pas votre adresse IP');
    expect(en).toContain('contact-form messages');
    expect(en).toContain('these counters therefore hold the IP address or e-mail address');
    expect(en).toContain('This log does not record your IP address');
  });

  it('gives share links their real lifetime: signed for 7 days from the hour they were made, so up to 7 days', () => {
    expect(texts(privacyDocument('fr', site)).join('\n')).toContain('jusqu’à 7 jours');
    expect(texts(privacyDocument('en', site)).join('\n')).toContain('up to 7 days');
  });

  it('lists the GDPR rights, exercised through the contact form, and the complaint to the CNIL', () => {
    const rights = privacyDocument('fr', site).sections.at(-1)!;
    const all = rights.paragraphs.join('\n');
    for (const right of ['accès', 'rectification', 'effacement', 'portabilité', 'opposition', 'limitation']) {
      expect(all).toContain(right);
    }
    expect(all).toContain('](/contact)');
    expect(all).toContain('CNIL');
    const en = privacyDocument('en', site).sections.at(-1)!.paragraphs.join('\n');
    for (const right of ['access', 'rectify', 'erase', 'portability', 'object', 'restrict'])
      expect(en).toContain(right);
    expect(en).toContain('](/contact-en)');
    expect(en).toContain('CNIL');
  });
});
