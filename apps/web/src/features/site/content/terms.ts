/**
 * The terms of service (spec sections 2 and 9): eleven sections under French law. The plans are the
 * spec's; online payment is not open, so the terms say that nothing is charged until it is.
 */
import type { ProseDocument, SiteInfo } from '@vitrine/shared/api/site';
import type { Lang } from '@vitrine/shared/locale';
import { twinPath } from '@vitrine/shared/routes';
import { legalUpdatedOn } from './updated-on';

export function termsDocument(lang: Lang, site: SiteInfo): ProseDocument {
  return lang === 'fr' ? french(site) : english(site);
}

function french(site: SiteInfo): ProseDocument {
  const contact = `[formulaire de contact](${twinPath('contact', 'fr')})`;
  const privacy = `[politique de confidentialité](${twinPath('privacy', 'fr')})`;
  return {
    title: 'Conditions d’utilisation',
    lead: `Ces conditions régissent l’utilisation de Vitrine. En créant un compte, vous les acceptez. Dernière mise à jour\u00a0: ${legalUpdatedOn('fr')}.`,
    sections: [
      {
        heading: '1. Éditeur',
        paragraphs: [
          `Vitrine est édité par ${site.companyName}, ${site.addressLines.join(', ')}. Vous pouvez nous joindre par le ${contact} ou à l’adresse ${site.contactEmail}.`,
        ],
      },
      {
        heading: '2. Le service',
        paragraphs: [
          'Vitrine transforme vos photos de produits en visuels promotionnels. En mode Fusion, vous fournissez une photo de produit et une photo de décor, puis choisissez un style, une palette, une position, un format et, si vous le souhaitez, un slogan et une accroche. En mode Express, vous choisissez un style et un format, avec une description de votre activité si vous le souhaitez.',
          'La génération se déroule en arrière-plan et prend habituellement quelques minutes. Vous pouvez ensuite télécharger l’image, la partager, ou l’ouvrir dans l’éditeur pour y ajouter un logo et des textes. Vos images générées sont conservées un an, et votre historique affiche vos 20 dernières générations.',
          'Le résultat est produit automatiquement : il peut différer de ce que vous attendiez, et nous vous invitons à le vérifier avant de le publier.',
        ],
      },
      {
        heading: '3. Votre compte',
        paragraphs: [
          'Pour générer des visuels, vous devez créer un compte avec une adresse e-mail valide et un mot de passe d’au moins 8 caractères, ou vous connecter avec Google lorsque cette option est proposée. Votre adresse e-mail doit être vérifiée avant la première connexion.',
          'Les informations de votre profil doivent être exactes. Vous êtes responsable de la confidentialité de votre mot de passe et de ce qui est fait avec votre compte. Par sécurité, votre session prend fin après 30 minutes sans activité. Si vous pensez que votre compte est utilisé par quelqu’un d’autre, changez votre mot de passe et prévenez-nous.',
        ],
      },
      {
        heading: '4. Quota gratuit et offres payantes',
        paragraphs: [
          'Chaque compte dispose de 3 générations gratuites au total. Une génération qui échoue ou que vous annulez ne compte pas.',
          'Deux offres payantes donnent droit à un nombre de générations par mois ; une régénération compte comme une nouvelle génération, et les générations non utilisées d’un mois ne sont pas reportées sur le suivant.',
          'L’abonnement se souscrit en ligne et se paie par carte auprès de notre prestataire de paiement, qui reçoit votre adresse e-mail et vos données de carte ; nous ne voyons ni ne conservons jamais votre numéro de carte. Il commence le jour du paiement et se renouvelle chaque mois à la même date, au même prix, jusqu’à sa résiliation.',
          'Depuis « Gérer l’abonnement », vous pouvez changer d’offre ou résilier à tout moment. La résiliation prend effet à la fin de la période en cours : vous gardez vos générations jusque-là, et aucun montant n’est ensuite prélevé.',
        ],
        items: [
          'Starter : 29 € par mois, 40 générations par mois, assistance par e-mail.',
          'Pro : 59 € par mois, 100 générations par mois, assistance prioritaire.',
        ],
      },
      {
        heading: '5. Vos contenus et vos droits',
        paragraphs: [
          'Vous restez propriétaire des photos, logos et textes que vous envoyez. Vous nous autorisez seulement à les conserver et à les traiter pour vous fournir le service (détourage, composition, génération, affichage dans votre historique), pendant les durées indiquées dans la politique de confidentialité.',
          'Vous pouvez utiliser librement les images générées, y compris à des fins commerciales. Nous ne revendiquons aucun droit sur elles et ne les utilisons pas pour notre propre communication sans votre accord.',
          `Vous garantissez disposer des droits nécessaires sur tout ce que vous envoyez\u00a0: photos, marques, logos, et images de personnes, qui doivent avoir donné leur accord. Les données traitées à cette occasion sont décrites dans notre ${privacy}.`,
        ],
      },
      {
        heading: '6. Utilisation acceptable',
        paragraphs: ['En utilisant Vitrine, vous vous engagez à ne pas :'],
        items: [
          'envoyer ou produire des contenus illicites, haineux, violents, pornographiques ou trompeurs, ni des contenus qui portent atteinte aux droits d’autrui (contrefaçon, droit à l’image, vie privée) ;',
          'présenter un produit de façon trompeuse pour le consommateur ;',
          'contourner les limites du service (quotas, nombre d’envois, débit de requêtes) ou multiplier les comptes pour obtenir davantage de générations gratuites ;',
          'perturber le service, tenter d’accéder aux données d’autres utilisateurs, ou l’interroger de façon automatisée en dehors d’un usage normal.',
        ],
      },
      {
        heading: '7. Disponibilité',
        paragraphs: [
          `Nous faisons notre possible pour que Vitrine soit disponible à tout moment, sans pouvoir le garantir\u00a0: le service peut être interrompu pour maintenance, mise à jour ou en cas d’incident. L’état du service est affiché sur la [page d’état](${twinPath('status', 'fr')}).`,
          'Certaines étapes peuvent faire appel à des services extérieurs. Lorsque l’un d’eux ne répond pas, l’image est produite par notre propre moteur, afin que vous obteniez toujours un résultat.',
        ],
      },
      {
        heading: '8. Responsabilité',
        paragraphs: [
          'Nous fournissons le service avec soin, dans le cadre d’une obligation de moyens. Vous êtes seul responsable des contenus que vous envoyez et de l’usage que vous faites des images générées, notamment de leur publication.',
          'Dans les limites permises par la loi, notre responsabilité ne peut être engagée pour les dommages indirects, tels qu’une perte de chiffre d’affaires ou de données. Rien dans ces conditions ne limite les droits que vous tenez des dispositions impératives du droit de la consommation.',
        ],
      },
      {
        heading: '9. Résiliation',
        paragraphs: [
          `Vous pouvez cesser d’utiliser Vitrine à tout moment et demander la suppression de votre compte par le ${contact}. Nous pouvons suspendre ou fermer un compte qui enfreint ces conditions, après vous en avoir informé sauf urgence ou obligation légale.`,
        ],
      },
      {
        heading: '10. Modification des conditions',
        paragraphs: [
          'Nous pouvons modifier ces conditions pour suivre l’évolution du service. La date de mise à jour figure en tête de page ; en cas de changement important, nous vous en informons avant son entrée en vigueur, et vous restez libre de cesser d’utiliser le service.',
        ],
      },
      {
        heading: '11. Droit applicable et litiges',
        paragraphs: [
          `Ces conditions sont soumises au droit français. En cas de difficulté, écrivez-nous d’abord par le ${contact}\u00a0: nous chercherons une solution amiable.`,
          'À défaut d’accord, tout litige relève des tribunaux de Paris, sauf lorsque les règles du droit de la consommation désignent un autre tribunal, notamment celui du lieu où vous résidez si vous agissez en tant que consommateur.',
        ],
      },
    ],
  };
}

function english(site: SiteInfo): ProseDocument {
  const contact = `[contact form](${twinPath('contact', 'en')})`;
  const privacy = `[privacy policy](${twinPath('privacy', 'en')})`;
  return {
    title: 'Terms of service',
    lead: `These terms govern the use of Vitrine. By creating an account, you accept them. Last updated: ${legalUpdatedOn('en')}.`,
    sections: [
      {
        heading: '1. Publisher',
        paragraphs: [
          `Vitrine is published by ${site.companyName}, ${site.addressLines.join(', ')}. You can reach us through the ${contact} or at ${site.contactEmail}.`,
        ],
      },
      {
        heading: '2. The service',
        paragraphs: [
          'Vitrine turns your product photos into promotional visuals. In Fusion mode, you provide a product photo and a context photo, then choose a style, a palette, a position, a format and, if you wish, a slogan and a tagline. In Express mode, you choose a style and a format, with a description of your business if you wish.',
          'Generation runs in the background and usually takes a few minutes. You can then download the image, share it, or open it in the editor to add a logo and text. Your generated images are kept for one year, and your history shows your 20 latest generations.',
          'The result is produced automatically: it may differ from what you expected, and we invite you to check it before publishing it.',
        ],
      },
      {
        heading: '3. Your account',
        paragraphs: [
          'To generate visuals, you must create an account with a valid e-mail address and a password of at least 8 characters, or sign in with Google when that option is offered. Your e-mail address must be verified before the first sign-in.',
          'The information in your profile must be accurate. You are responsible for keeping your password confidential and for what is done with your account. For security, your session ends after 30 minutes without activity. If you think someone else is using your account, change your password and let us know.',
        ],
      },
      {
        heading: '4. Free quota and paid plans',
        paragraphs: [
          'Each account has 3 free generations in all. A generation that fails or that you cancel does not count.',
          'Two paid plans give a number of generations a month; a regeneration counts as a new generation, and generations not used in a month do not carry over to the next.',
          'A subscription is taken online and paid by card through our payment provider, which receives your e-mail address and card details; we never see or keep your card number. It starts on the day of payment and renews every month on the same date, at the same price, until it is cancelled.',
          'From “Manage Subscription” you can change plans or cancel at any time. A cancellation takes effect at the end of the current period: you keep your generations until then, and nothing more is charged.',
        ],
        items: [
          'Starter: €29 a month, 40 generations a month, e-mail support.',
          'Pro: €59 a month, 100 generations a month, priority support.',
        ],
      },
      {
        heading: '5. Your content and your rights',
        paragraphs: [
          'You remain the owner of the photos, logos and text you send. You only allow us to keep and process them to provide the service to you (cut-out, composition, generation, display in your history), for the periods stated in the privacy policy.',
          'You may use the generated images freely, including for commercial purposes. We claim no rights over them and do not use them for our own communication without your consent.',
          `You guarantee that you hold the necessary rights over everything you send: photos, trademarks, logos, and images of people, who must have given their consent. The data processed in doing so is described in our ${privacy}.`,
        ],
      },
      {
        heading: '6. Acceptable use',
        paragraphs: ['By using Vitrine, you agree not to:'],
        items: [
          'send or produce content that is unlawful, hateful, violent, pornographic or misleading, or that infringes the rights of others (counterfeiting, image rights, privacy);',
          'present a product in a way that misleads consumers;',
          'get around the limits of the service (quotas, number of uploads, request rate) or open several accounts to obtain more free generations;',
          'disrupt the service, try to access other users’ data, or query it automatically beyond normal use.',
        ],
      },
      {
        heading: '7. Availability',
        paragraphs: [
          `We do our best to keep Vitrine available at all times, without being able to guarantee it: the service may be interrupted for maintenance, for updates or in case of an incident. The state of the service is shown on the [status page](${twinPath('status', 'en')}).`,
          'Some steps may rely on outside services. When one of them does not answer, the image is produced by our own engine, so that you always get a result.',
        ],
      },
      {
        heading: '8. Liability',
        paragraphs: [
          'We provide the service with care, under an obligation of means. You alone are responsible for the content you send and for the use you make of the generated images, in particular for publishing them.',
          'To the extent permitted by law, we are not liable for indirect damage, such as lost revenue or lost data. Nothing in these terms limits the rights you hold under the mandatory provisions of consumer law.',
        ],
      },
      {
        heading: '9. Termination',
        paragraphs: [
          `You can stop using Vitrine at any time and ask for your account to be deleted through the ${contact}. We may suspend or close an account that breaches these terms, after informing you unless there is an emergency or a legal obligation.`,
        ],
      },
      {
        heading: '10. Changes to these terms',
        paragraphs: [
          'We may change these terms as the service evolves. The date of the last update is shown at the top of the page; for an important change, we inform you before it takes effect, and you remain free to stop using the service.',
        ],
      },
      {
        heading: '11. Governing law and disputes',
        paragraphs: [
          `These terms are governed by French law. If a problem arises, write to us first through the ${contact}: we will look for an amicable solution.`,
          'Failing an agreement, any dispute falls under the courts of Paris, unless the rules of consumer law designate another court, in particular that of the place where you live if you act as a consumer.',
        ],
      },
    ],
  };
}
