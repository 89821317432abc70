/**
 * The privacy policy (spec sections 2 and 9): six sections, written for what the service really stores,
 * where and for how long. The company, its address and its e-mail come from the operator's settings.
 */
import type { ProseDocument, SiteInfo } from '@vitrine/shared/api/site';
import type { Lang } from '@vitrine/shared/locale';
import { PAGE_PATHS, twinPath } from '@vitrine/shared/routes';
import { legalUpdatedOn } from './updated-on';

export function privacyDocument(lang: Lang, site: SiteInfo): ProseDocument {
  return lang === 'fr' ? french(site) : english(site);
}

function french(site: SiteInfo): ProseDocument {
  const contact = `[formulaire de contact](${twinPath('contact', 'fr')})`;
  const address = site.addressLines.join(', ');
  return {
    title: 'Politique de confidentialité',
    lead: `Cette politique explique quelles données Vitrine traite, pourquoi, où elles sont conservées et pour combien de temps, et comment exercer vos droits. Dernière mise à jour\u00a0: ${legalUpdatedOn('fr')}.`,
    sections: [
      {
        heading: '1. Responsable du traitement',
        paragraphs: [
          `Le service Vitrine est édité par ${site.companyName}, ${address}, responsable du traitement de vos données personnelles.`,
          `Pour toute question sur vos données, écrivez-nous par le ${contact}. Les messages envoyés par ce formulaire nous parviennent à l’adresse ${site.contactEmail}.`,
          'Nous n’utilisons aucun outil de mesure d’audience ni aucune publicité, et nous ne vendons ni ne louons vos données.',
        ],
      },
      {
        heading: '2. Les données que nous traitons',
        paragraphs: ['Nous ne collectons que ce dont le service a besoin pour fonctionner.'],
        items: [
          'Votre compte : adresse e-mail, prénom et nom, et, si vous les renseignez, entreprise, fonction, téléphone et site web. Votre mot de passe n’est jamais conservé en clair : seule une empreinte calculée avec l’algorithme scrypt est enregistrée. Nous notons aussi la date de création du compte, si votre adresse e-mail a été vérifiée, et la langue de votre tableau de bord (celle de l’inscription, puis la dernière choisie).',
          'Si vous vous connectez avec Google : le nom, l’adresse e-mail (et si Google l’a vérifiée), l’adresse de la photo de profil et les identifiants de connexion que Google nous transmet. Nous ne recevons jamais votre mot de passe Google.',
          'Vos images : les photos que vous envoyez (avec leur nom de fichier) ou importez depuis une adresse web (avec cette adresse), le détourage de vos produits et vos corrections, les logos ajoutés dans l’éditeur, les images générées et les textes et logos que vous y placez.',
          'Vos générations : les réglages choisis (style, palette, position, format, typographie), vos slogans et accroches, la description d’activité saisie dans Express, l’état et la date de chaque génération, ainsi que le nombre de générations gratuites utilisées.',
          'Votre session : un jeton de session placé dans un cookie, sa date d’expiration et l’identification de votre navigateur (user agent). Votre adresse IP n’est pas enregistrée avec la session.',
          'Le journal de sécurité : les événements importants de votre compte (inscription, connexion réussie ou échouée, déconnexion, vérification de l’e-mail, demande et changement de mot de passe, modification du profil, requête avec une session expirée ou invalide), avec leur date, l’identification du navigateur et la page concernée. Ce journal n’enregistre pas votre adresse IP.',
          'La protection contre les abus : pour limiter les tentatives de connexion, d’inscription, de réinitialisation et les envois du formulaire de contact, le serveur compte les essais par adresse IP et par adresse e-mail sur des fenêtres de 15 minutes à une heure ; ces compteurs contiennent donc l’adresse IP ou l’adresse e-mail concernée. Il écrit aussi un journal technique des requêtes (date, adresse demandée, résultat, durée), sans adresse IP, pour le fonctionnement et la sécurité du service.',
          'Vos messages : le nom, l’adresse e-mail, l’objet et le texte envoyés par le formulaire de contact, la langue de la page et, si vous étiez connecté, le lien avec votre compte.',
          `Dans votre navigateur\u00a0: quelques cookies et entrées de stockage local strictement nécessaires, décrits dans la [politique de cookies](${twinPath('cookies', 'fr')}).`,
        ],
      },
      {
        heading: '3. Pourquoi nous les utilisons',
        paragraphs: ['Chaque traitement a un but précis et une base légale au sens du RGPD.'],
        items: [
          'Fournir le service que vous demandez (exécution du contrat) : créer et gérer votre compte, générer vos visuels, les conserver dans votre historique, compter votre quota et afficher vos statistiques.',
          'Vous écrire au sujet de votre compte (exécution du contrat) : nous envoyons seulement l’e-mail de vérification de votre adresse et, si vous le demandez, le lien de réinitialisation du mot de passe. Aucune lettre d’information ni aucun message publicitaire.',
          'Protéger le service et vos données (intérêt légitime) : journal de sécurité, limitation des tentatives, journal technique, détection des usages abusifs.',
          'Répondre à vos messages (intérêt légitime, ou mesures précontractuelles quand vous nous interrogez sur nos offres).',
          'Respecter nos obligations légales, par exemple répondre à une demande d’une autorité habilitée.',
        ],
      },
      {
        heading: '4. Où et combien de temps',
        paragraphs: [
          'Vos données sont conservées sur le serveur qui fait fonctionner Vitrine : dans une base de données PostgreSQL, intégrée à ce serveur ou hébergée sur un serveur de base de données que nous exploitons, et, pour les photos et les images, dans les fichiers de ce serveur. Elles ne sont pas copiées ailleurs, sauf dans les cas décrits à la section suivante.',
        ],
        items: [
          'Compte et profil : tant que votre compte existe. La suppression du compte n’est pas encore proposée dans la page Gestion du compte : vous l’obtenez sur simple demande par le formulaire de contact, et nous effaçons alors le compte et les données qui y sont rattachées.',
          'Session : elle prend fin après 30 minutes sans activité, et le cookie de session avec elle. Un lien de vérification d’e-mail est valable 24 heures, un lien de réinitialisation une heure et une seule fois.',
          'Photos envoyées ou importées : supprimées 30 jours après leur dernière utilisation si aucune image conservée ne s’en sert ; sinon un an après leur dernière utilisation. Un logo de l’éditeur qui n’est plus utilisé par aucune image enregistrée est supprimé le lendemain de sa dernière utilisation. Chaque compte dispose au plus de 500 Mo de photos.',
          'Images générées, historique et modifications de l’éditeur : un an à compter de la génération, puis supprimés automatiquement avec leurs fichiers. Un lien de partage vers une image fonctionne jusqu’à 7 jours pour toute personne qui le reçoit.',
          'Messages de contact : 12 mois, puis supprimés automatiquement.',
          'Journal de sécurité : 12 mois, puis supprimé automatiquement. Compteurs de tentatives : supprimés automatiquement deux jours après leur fenêtre de comptage (15 minutes à une heure).',
        ],
      },
      {
        heading: '5. Qui peut les recevoir',
        paragraphs: [
          'Vos données ne sont accessibles qu’aux personnes de notre équipe qui en ont besoin pour faire fonctionner le service. Certains services extérieurs ne reçoivent des données que si nous les avons activés, et seulement ce qui suit :',
        ],
        items: [
          'Google, si vous choisissez « Continuer avec Google » : Google sait alors que vous vous connectez à Vitrine et nous transmet les informations décrites à la section 2.',
          'Un service de génération d’images compatible avec l’API d’OpenAI, si nous l’utilisons pour dessiner les décors : il reçoit une description du décor (style, palette, mise en page) et, pour Express, votre description d’activité. Il ne reçoit ni vos photos, ni votre nom, ni votre adresse e-mail.',
          'Un service de rédaction compatible avec l’API d’OpenAI, si nous l’utilisons pour écrire les textes : il reçoit votre description d’activité (Express) ou vos réglages, votre slogan et votre accroche (suggestions de slogans), sans votre identité.',
          'Un service d’automatisation, si nous lui confions la génération : il reçoit les réglages de la génération, vos textes, un identifiant interne de votre compte (ni nom ni e-mail) et des liens pour télécharger vos photos de produit et de décor.',
          'Le serveur de messagerie qui achemine nos e-mails : votre adresse, votre nom et le lien envoyé ; pour les messages de contact, leur contenu, transmis à notre adresse de contact.',
          'Notre prestataire de paiement (Stripe), si vous souscrivez une offre payante : il reçoit votre adresse e-mail, l’offre choisie et les données de votre carte, qu’il traite lui-même ; il nous indique en retour l’offre, son état et sa date de renouvellement.',
          'L’hébergeur du serveur, qui stocke les données pour notre compte, et les autorités habilitées lorsque la loi l’exige.',
        ],
      },
      {
        heading: '6. Vos droits',
        paragraphs: [
          'Conformément au RGPD et à la loi Informatique et Libertés, vous disposez d’un droit d’accès, de rectification, d’effacement, de portabilité, d’opposition et de limitation du traitement de vos données, ainsi que du droit de définir des directives sur leur sort après votre décès.',
          `Vous pouvez corriger vous-même votre profil dans la page [Gestion du compte](${PAGE_PATHS.account}). Pour toute autre demande, écrivez-nous par le ${contact} en indiquant l’adresse e-mail de votre compte\u00a0; nous répondons dans un délai d’un mois. Nous pouvons vous demander de confirmer que la demande vient bien de vous.`,
          'Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL (www.cnil.fr).',
          'Nous pouvons modifier cette politique pour suivre l’évolution du service ; la date de mise à jour en tête de page l’indique.',
        ],
      },
    ],
  };
}

function english(site: SiteInfo): ProseDocument {
  const contact = `[contact form](${twinPath('contact', 'en')})`;
  const address = site.addressLines.join(', ');
  return {
    title: 'Privacy policy',
    lead: `This policy explains what data Vitrine processes, why, where it is kept and for how long, and how to exercise your rights. Last updated: ${legalUpdatedOn('en')}.`,
    sections: [
      {
        heading: '1. Data controller',
        paragraphs: [
          `The Vitrine service is published by ${site.companyName}, ${address}, which is the controller of your personal data.`,
          `For any question about your data, write to us through the ${contact}. Messages sent with this form reach us at ${site.contactEmail}.`,
          'We use no audience measurement tool and no advertising, and we neither sell nor rent your data.',
        ],
      },
      {
        heading: '2. The data we process',
        paragraphs: ['We collect only what the service needs to work.'],
        items: [
          'Your account: e-mail address, first and last name and, if you fill them in, company, job title, phone and website. Your password is never stored in clear: only a hash computed with the scrypt algorithm is kept. We also record when the account was created, whether your e-mail address was verified, and the language of your dashboard (the one you signed up in, then the last one you chose).',
          'If you sign in with Google: the name, the e-mail address (and whether Google verified it), the address of the profile picture and the sign-in identifiers Google sends us. We never receive your Google password.',
          'Your images: the photos you upload (with their file name) or import from a web address (with that address), the cut-out of your products and your corrections, the logos added in the editor, the generated images and the text and logos you place on them.',
          'Your generations: the settings you chose (style, palette, position, format, typography), your slogans and taglines, the business description typed in Express, the status and date of each generation, and the number of free generations used.',
          'Your session: a session token kept in a cookie, its expiry and your browser’s identification string (user agent). Your IP address is not recorded with the session.',
          'The security log: the important events of your account (sign-up, successful or failed sign-in, sign-out, e-mail verification, password reset request and change, profile update, request with an expired or invalid session), with their date, the browser’s identification and the page involved. This log does not record your IP address.',
          'Abuse protection: to limit sign-in, sign-up and reset attempts and contact-form messages, the server counts attempts per IP address and per e-mail address over windows of 15 minutes to one hour; these counters therefore hold the IP address or e-mail address concerned. It also writes a technical log of requests (date, address requested, result, duration), without IP addresses, to run and secure the service.',
          'Your messages: the name, e-mail address, subject and text sent with the contact form, the language of the page and, if you were signed in, the link to your account.',
          `In your browser: a few strictly necessary cookies and local-storage entries, described in the [cookie policy](${twinPath('cookies', 'en')}).`,
        ],
      },
      {
        heading: '3. Why we use it',
        paragraphs: ['Each use has a precise purpose and a legal basis under the GDPR.'],
        items: [
          'Providing the service you ask for (performance of the contract): creating and managing your account, generating your visuals, keeping them in your history, counting your quota and showing your statistics.',
          'Writing to you about your account (performance of the contract): we send only the e-mail that verifies your address and, when you ask for it, the password reset link. No newsletter and no advertising.',
          'Protecting the service and your data (legitimate interest): security log, attempt limits, technical log, detection of abuse.',
          'Answering your messages (legitimate interest, or pre-contractual steps when you ask about our plans).',
          'Meeting our legal obligations, for example answering a request from an authorised authority.',
        ],
      },
      {
        heading: '4. Where and for how long',
        paragraphs: [
          'Your data is kept on the server that runs Vitrine: in a PostgreSQL database, built into that server or hosted on a database server we run, and, for photos and images, in that server’s files. It is not copied elsewhere, except in the cases described in the next section.',
        ],
        items: [
          'Account and profile: as long as your account exists. Deleting the account is not offered on the Account management page yet: you obtain it on request through the contact form, and we then erase the account and the data attached to it.',
          'Session: it ends after 30 minutes without activity, and the session cookie with it. An e-mail verification link is valid for 24 hours, a reset link for one hour and only once.',
          'Uploaded or imported photos: deleted 30 days after their last use when no kept image uses them; otherwise one year after their last use. An editor logo that no saved image uses any more is deleted the day after its last use. Each account keeps at most 500 MB of photos.',
          'Generated images, history and editor changes: one year from the generation, then deleted automatically with their files. A share link to an image works for up to 7 days for anyone who receives it.',
          'Contact messages: 12 months, then deleted automatically.',
          'Security log: 12 months, then deleted automatically. Attempt counters: deleted automatically two days after their counting window (15 minutes to one hour).',
        ],
      },
      {
        heading: '5. Who may receive it',
        paragraphs: [
          'Your data is accessible only to the members of our team who need it to run the service. Some outside services receive data only if we have turned them on, and only the following:',
        ],
        items: [
          'Google, if you choose “Continue with Google”: Google then knows that you sign in to Vitrine and sends us the information described in section 2.',
          'An image-generation service compatible with the OpenAI API, if we use one to draw the settings: it receives a description of the scene (style, palette, layout) and, for Express, your business description. It receives neither your photos, nor your name, nor your e-mail address.',
          'A text-writing service compatible with the OpenAI API, if we use one to write the copy: it receives your business description (Express) or your settings, your slogan and your tagline (slogan suggestions), without your identity.',
          'An automation service, if we hand generation over to one: it receives the generation’s settings, your text, an internal identifier of your account (no name or e-mail) and links to download your product and context photos.',
          'The mail server that carries our e-mails: your address, your name and the link sent; for contact messages, their content, delivered to our contact address.',
          'Our payment provider (Stripe), if you subscribe to a paid plan: it receives your e-mail address, the chosen plan and your card details, which it processes itself; it tells us in return the plan, its state and its renewal date.',
          'The server’s hosting provider, which stores the data on our behalf, and authorised authorities when the law requires it.',
        ],
      },
      {
        heading: '6. Your rights',
        paragraphs: [
          'Under the GDPR and the French Data Protection Act, you have the right to access, rectify and erase your data, to data portability, to object to and to restrict its processing, and to set instructions for what happens to it after your death.',
          `You can correct your profile yourself on the [Account management](${PAGE_PATHS.account}) page. For any other request, write to us through the ${contact}, giving your account’s e-mail address; we answer within one month. We may ask you to confirm that the request comes from you.`,
          'If you believe your rights are not respected, you can lodge a complaint with the CNIL, the French data protection authority (www.cnil.fr).',
          'We may change this policy as the service evolves; the date of the last update at the top of the page shows it.',
        ],
      },
    ],
  };
}
