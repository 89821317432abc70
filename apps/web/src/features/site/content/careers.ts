/** The careers page (spec section 2): what working with us offers, no open position, spontaneous applications. */
import type { ProseDocument, SiteInfo } from '@vitrine/shared/api/site';
import type { Lang } from '@vitrine/shared/locale';
import { twinPath } from '@vitrine/shared/routes';

export function careersDocument(lang: Lang, site: SiteInfo): ProseDocument {
  return lang === 'fr' ? french(site) : english(site);
}

function french(site: SiteInfo): ProseDocument {
  return {
    title: 'Carrières',
    lead: `Rejoindre ${site.companyName}, c’est travailler sur un produit concret, au service des petites entreprises.`,
    sections: [
      {
        heading: 'Travailler avec nous',
        paragraphs: [
          'Nous sommes une petite équipe produit. Voici ce que nous pouvons offrir à celles et ceux qui nous rejoignent.',
        ],
        items: [
          'Un produit utile, pensé pour des commerçants, des artisans et des indépendants.',
          'Une petite équipe où chaque idée compte et où l’on voit vite l’effet de son travail.',
          'Le temps de bien faire : des tests, des relectures et des décisions écrites plutôt que l’urgence permanente.',
          'Des sujets variés : traitement d’image, interface, serveur, rédaction en français et en anglais.',
          'De l’autonomie et de la confiance, avec des objectifs clairs.',
        ],
      },
      {
        heading: 'Postes ouverts',
        paragraphs: [
          'Aucun poste n’est ouvert pour le moment. Quand nous recruterons, les offres seront publiées sur cette page.',
        ],
      },
      {
        heading: 'Candidature spontanée',
        paragraphs: [
          `Vous pensez pouvoir nous aider\u00a0? Écrivez-nous par la [page de contact](${twinPath('contact', 'fr')})\u00a0: présentez-vous en quelques lignes, dites ce que vous aimeriez faire et ajoutez un lien vers votre profil ou vos réalisations. Nous lisons chaque candidature avec attention.`,
        ],
      },
    ],
  };
}

function english(site: SiteInfo): ProseDocument {
  return {
    title: 'Careers',
    lead: `Joining ${site.companyName} means working on a real product that serves small businesses.`,
    sections: [
      {
        heading: 'Working with us',
        paragraphs: ['We are a small product team. Here is what we can offer the people who join us.'],
        items: [
          'A useful product, designed for shopkeepers, craftspeople and independents.',
          'A small team where every idea counts and you soon see the effect of your work.',
          'Time to do things well: tests, reviews and written decisions rather than constant urgency.',
          'Varied work: image processing, interface, server, writing in French and in English.',
          'Autonomy and trust, with clear goals.',
        ],
      },
      {
        heading: 'Open positions',
        paragraphs: [
          'No position is open at the moment. When we hire, the openings will be posted on this page.',
        ],
      },
      {
        heading: 'Spontaneous application',
        paragraphs: [
          `Think you could help us? Write to us through the [contact page](${twinPath('contact', 'en')}): introduce yourself in a few lines, tell us what you would like to do and add a link to your profile or your work. We read every application carefully.`,
        ],
      },
    ],
  };
}
