/** The about page (spec section 2): mission, vision, the three values and the motto, in both languages. */
import type { ProseDocument, SiteInfo } from '@vitrine/shared/api/site';
import type { Lang } from '@vitrine/shared/locale';
import { twinPath } from '@vitrine/shared/routes';

export function aboutDocument(lang: Lang, site: SiteInfo): ProseDocument {
  return lang === 'fr' ? french(site) : english(site);
}

function french(site: SiteInfo): ProseDocument {
  return {
    title: `À propos de ${site.companyName}`,
    lead: 'Innovation, Simplicité, Excellence : trois mots qui guident tout ce que nous construisons.',
    sections: [
      {
        heading: 'Notre mission',
        paragraphs: [
          'Vitrine aide les petites entreprises et les indépendants à présenter leurs produits avec des images dignes des grandes marques. À partir d’une photo de produit, l’application compose un visuel promotionnel : un décor, un style, une palette de couleurs, un slogan et le format qui convient à chaque usage, du carré pour les réseaux sociaux à la bannière.',
          'Nous l’avons pensée pour celles et ceux qui n’ont ni studio photo ni graphiste : une commerçante, un artisan, une boutique en ligne qui veut des images soignées sans y passer ses soirées.',
        ],
      },
      {
        heading: 'Notre vision',
        paragraphs: [
          'Que chaque commerce, quelle que soit sa taille, puisse montrer ses produits sous leur meilleur jour. Un bon visuel ne devrait pas dépendre d’un budget d’agence, et l’outil doit s’effacer derrière le résultat : quelques choix simples, puis une image prête à télécharger, à partager ou à compléter avec votre logo.',
        ],
      },
      {
        heading: 'Nos valeurs',
        paragraphs: ['Trois valeurs orientent nos choix, des plus grands aux plus petits.'],
        items: [
          'Innovation : nous cherchons sans cesse de meilleures façons de produire un visuel, du détourage automatique du produit à la mise en scène et au choix de la typographie. La photo de votre produit n’est jamais redessinée : elle est détourée et placée telle quelle dans le décor.',
          'Qualité : une image doit être nette, bien composée et lisible. Chaque visuel est produit aux dimensions exactes de son format, et le texte suit les règles typographiques de sa langue. Nous préférons une règle claire à un effet spectaculaire mais fragile.',
          'Accessibilité : Vitrine s’adresse à tout le monde, pas seulement aux professionnels de l’image. L’interface parle français et anglais, les réglages restent simples, et trois générations sont offertes sans carte bancaire pour essayer avant de s’engager.',
        ],
      },
      {
        heading: 'Nous écrire',
        paragraphs: [
          `Une question, une idée, une remarque sur un visuel\u00a0? Écrivez-nous par la [page de contact](${twinPath('contact', 'fr')})\u00a0: nous lisons chaque message.`,
        ],
      },
    ],
  };
}

function english(site: SiteInfo): ProseDocument {
  return {
    title: `About ${site.companyName}`,
    lead: 'Innovation, Simplicity, Excellence: three words that guide everything we build.',
    sections: [
      {
        heading: 'Our mission',
        paragraphs: [
          'Vitrine helps small businesses and independents show their products with images worthy of big brands. From a product photo, the app composes a promotional visual: a setting, a style, a colour palette, a slogan and the format each use calls for, from a square for social networks to a banner.',
          'We designed it for people who have neither a photo studio nor a graphic designer: a shopkeeper, a craftsman, an online shop that wants polished images without spending its evenings on them.',
        ],
      },
      {
        heading: 'Our vision',
        paragraphs: [
          'That every business, whatever its size, can show its products at their best. A good visual should not depend on an agency budget, and the tool should step aside for the result: a few simple choices, then an image ready to download, to share or to finish with your logo.',
        ],
      },
      {
        heading: 'Our values',
        paragraphs: ['Three values guide our choices, from the largest to the smallest.'],
        items: [
          'Innovation: we keep looking for better ways to produce a visual, from cutting the product out automatically to staging it and choosing the typography. Your product photo is never redrawn: it is cut out and placed as it is in the setting.',
          'Quality: an image must be sharp, well composed and easy to read. Every visual is produced at the exact size of its format, and its text follows the typographic rules of its language. We prefer a clear rule to a spectacular but fragile effect.',
          'Accessibility: Vitrine is for everyone, not only for image professionals. The interface speaks French and English, the settings stay simple, and three generations are free, with no credit card, so you can try before you commit.',
        ],
      },
      {
        heading: 'Write to us',
        paragraphs: [
          `A question, an idea, a remark about a visual? Write to us through the [contact page](${twinPath('contact', 'en')}): we read every message.`,
        ],
      },
    ],
  };
}
