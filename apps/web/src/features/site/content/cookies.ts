/**
 * The cookie policy (spec sections 2 and 9): nine sections listing the cookies and browser storage the
 * app really uses, with consent kept 6 months and cookies kept 13 months at most.
 */
import type { ProseDocument, SiteInfo } from '@vitrine/shared/api/site';
import type { Lang } from '@vitrine/shared/locale';
import { twinPath } from '@vitrine/shared/routes';
import { legalUpdatedOn } from './updated-on';

export function cookiesDocument(lang: Lang, site: SiteInfo): ProseDocument {
  return lang === 'fr' ? french(site) : english(site);
}

function french(site: SiteInfo): ProseDocument {
  const contact = `[formulaire de contact](${twinPath('contact', 'fr')})`;
  return {
    title: 'Politique de cookies',
    lead: `Vitrine n’utilise que les cookies et le stockage du navigateur nécessaires à son fonctionnement\u00a0: aucun cookie de mesure d’audience ni de publicité. Dernière mise à jour\u00a0: ${legalUpdatedOn('fr')}.`,
    sections: [
      {
        heading: '1. Qu’est-ce qu’un cookie ?',
        paragraphs: [
          'Un cookie est un petit fichier qu’un site dépose dans votre navigateur et qu’il relit lors de vos visites suivantes. Le stockage local et le stockage de session jouent un rôle voisin : ils gardent quelques informations dans votre navigateur, sans les envoyer au serveur. Cette politique couvre ces trois mécanismes.',
        ],
      },
      {
        heading: '2. Notre approche',
        paragraphs: [
          `${site.companyName} n’utilise que des traceurs strictement nécessaires au service que vous demandez\u00a0: rester connecté, garder votre choix de langue et l’affichage du tableau de bord, retenir votre choix sur les cookies. Ils ne servent ni à mesurer l’audience, ni à la publicité, ni à vous suivre sur d’autres sites, et aucun tiers ne dépose de cookie sur nos pages.`,
          'Le bandeau de cookies vous permet d’accepter ou de refuser les catégories « mesure d’audience » et « marketing ». Nous n’utilisons aujourd’hui aucun traceur de ces catégories : votre choix est enregistré et sera respecté si cela change.',
        ],
      },
      {
        heading: '3. Les cookies que nous utilisons',
        paragraphs: [
          'Sur une connexion sécurisée (https), le nom des cookies de connexion commence par __Secure-, par exemple __Secure-vitrine.session_token.',
        ],
        items: [
          'vitrine.session_token : garde votre session ouverte une fois connecté. Il ne peut pas être lu par les scripts de la page. Durée : 30 minutes après votre dernière activité ; il est supprimé à la déconnexion.',
          'vitrine.sign_up : prouve que ce navigateur a choisi le mot de passe d’un compte pas encore confirmé, pour que le lien de confirmation l’active quand vous l’ouvrez ici ; ailleurs, il vous fait choisir le mot de passe. Déposé à l’inscription, ou à une connexion avant la confirmation. Il ne peut pas être lu par les scripts de la page. Durée : 24 heures.',
          'vitrine.known_device : retient que ce navigateur s’est déjà connecté à votre compte, pour qu’il ne soit pas ralenti quand d’autres essaient de deviner votre mot de passe. Déposé à la connexion. Il ne peut pas être lu par les scripts de la page. Durée : 1 an.',
          'vitrine.state : protège la connexion avec Google contre les requêtes falsifiées. Déposé seulement quand vous choisissez « Continuer avec Google ». Durée : 5 minutes.',
          'sidebar_state : retient si la barre latérale du tableau de bord est ouverte ou réduite. Déposé quand vous l’ouvrez ou la réduisez. Durée : 7 jours.',
        ],
      },
      {
        heading: '4. Le stockage local',
        paragraphs: ['Ces informations restent dans votre navigateur et ne sont pas envoyées au serveur.'],
        items: [
          'cookieConsent : votre choix sur les cookies (catégories acceptées et date du choix). Durée : 6 mois, après quoi le bandeau vous est présenté de nouveau.',
          'siteLanguage : la langue que vous avez choisie sur les pages publiques (français ou anglais). Durée : jusqu’à ce que vous effaciez les données du site dans votre navigateur.',
          'dashboardLanguage : la langue que vous avez choisie dans le tableau de bord. Durée : jusqu’à ce que vous effaciez les données du site dans votre navigateur.',
          'vitrine.pendingPlan : la formule payante choisie dans les tarifs avant d’avoir un compte, pour vous la proposer de nouveau une fois connecté. Déposé seulement quand vous choisissez une formule sans être connecté. Durée : 24 heures, ou jusqu’à ce que vous y souscriviez ou choisissiez « Plus tard ».',
        ],
      },
      {
        heading: '5. Le stockage de session',
        paragraphs: ['Ces informations sont effacées par le navigateur dès que vous fermez l’onglet.'],
        items: [
          'vitrine.trackedGeneration.fusion et vitrine.trackedGeneration.express : l’identifiant de la génération en cours sur la page Fusion ou Express, pour afficher son résultat même si vous changez de page ou rechargez l’onglet. Durée : jusqu’à la fermeture de l’onglet.',
        ],
      },
      {
        heading: '6. Durées de conservation',
        paragraphs: [
          'Votre choix sur les cookies est conservé 6 mois ; passé ce délai, nous vous demandons de nouveau votre avis. Aucun cookie n’est conservé plus de 13 mois, et les nôtres durent bien moins : 30 minutes pour la session, 5 minutes pour la connexion avec Google, 7 jours pour la barre latérale.',
        ],
      },
      {
        heading: '7. Gérer vos choix',
        paragraphs: [
          'Vous pouvez modifier votre choix à tout moment : le lien « Paramètres des cookies », en bas de chaque page publique, rouvre le bandeau. Vous pouvez aussi effacer les données du site dans les réglages de votre navigateur : le bandeau vous sera présenté de nouveau à votre prochaine visite.',
          'Vous pouvez aussi bloquer ou supprimer les cookies dans votre navigateur. Sans le cookie de session, vous ne pourrez pas vous connecter ; sans le stockage local, vos choix de langue et de cookies ne seront pas retenus, mais le site restera utilisable.',
        ],
      },
      {
        heading: '8. Services tiers',
        paragraphs: [
          'Nos pages ne chargent aucun script de mesure d’audience, de publicité ou de réseau social. Si vous choisissez de vous connecter avec Google, vous passez par les pages de Google, qui déposent leurs propres cookies selon la politique de Google.',
        ],
      },
      {
        heading: '9. Nous contacter',
        paragraphs: [
          `Pour toute question sur cette politique, écrivez-nous par le ${contact}. La manière dont nous traitons vos données personnelles est décrite dans notre [politique de confidentialité](${twinPath('privacy', 'fr')}).`,
        ],
      },
    ],
  };
}

function english(site: SiteInfo): ProseDocument {
  const contact = `[contact form](${twinPath('contact', 'en')})`;
  return {
    title: 'Cookie policy',
    lead: `Vitrine uses only the cookies and browser storage it needs to work: no audience-measurement or advertising cookies. Last updated: ${legalUpdatedOn('en')}.`,
    sections: [
      {
        heading: '1. What is a cookie?',
        paragraphs: [
          'A cookie is a small file that a site places in your browser and reads again on your next visits. Local storage and session storage play a similar part: they keep a little information in your browser, without sending it to the server. This policy covers all three.',
        ],
      },
      {
        heading: '2. Our approach',
        paragraphs: [
          `${site.companyName} uses only trackers that are strictly necessary for the service you ask for: keeping you signed in, remembering your choice of language and of dashboard layout, remembering your choice about cookies. They are not used for audience measurement, for advertising or to follow you on other sites, and no third party places cookies on our pages.`,
          'The cookie banner lets you accept or refuse the “analytics” and “marketing” categories. We use no tracker of either category today: your choice is recorded and will be respected if that changes.',
        ],
      },
      {
        heading: '3. The cookies we use',
        paragraphs: [
          'On a secure (https) connection, the names of the sign-in cookies start with __Secure-, for example __Secure-vitrine.session_token.',
        ],
        items: [
          'vitrine.session_token: keeps your session open once you are signed in. Scripts on the page cannot read it. Lifetime: 30 minutes after your last activity; it is deleted when you sign out.',
          'vitrine.sign_up: proves that this browser chose the password of an account not yet confirmed, so that the confirmation link activates it when you open it here; anywhere else, it asks you to choose the password. Set at sign-up, or when signing in before confirming. Scripts on the page cannot read it. Lifetime: 24 hours.',
          'vitrine.known_device: remembers that this browser has signed in to your account before, so that it is not slowed down while others try to guess your password. Set when you sign in. Scripts on the page cannot read it. Lifetime: 1 year.',
          'vitrine.state: protects signing in with Google against forged requests. Set only when you choose “Continue with Google”. Lifetime: 5 minutes.',
          'sidebar_state: remembers whether the dashboard sidebar is expanded or collapsed. Set when you expand or collapse it. Lifetime: 7 days.',
        ],
      },
      {
        heading: '4. Local storage',
        paragraphs: ['This information stays in your browser and is not sent to the server.'],
        items: [
          'cookieConsent: your choice about cookies (the categories accepted and the date of the choice). Lifetime: 6 months, after which the banner is shown to you again.',
          'siteLanguage: the language you chose on the public pages (French or English). Lifetime: until you clear the site’s data in your browser.',
          'dashboardLanguage: the language you chose in the dashboard. Lifetime: until you clear the site’s data in your browser.',
          'vitrine.pendingPlan: the paid plan chosen in the pricing before having an account, to offer it to you again once you are signed in. Set only when you choose a plan without being signed in. Lifetime: 24 hours, or until you subscribe to it or choose “Later”.',
        ],
      },
      {
        heading: '5. Session storage',
        paragraphs: ['The browser erases this information as soon as you close the tab.'],
        items: [
          'vitrine.trackedGeneration.fusion and vitrine.trackedGeneration.express: the identifier of the generation running on the Fusion or Express page, to show its result even if you go to another page or reload the tab. Lifetime: until the tab is closed.',
        ],
      },
      {
        heading: '6. How long they are kept',
        paragraphs: [
          'Your choice about cookies is kept for 6 months; after that, we ask you again. No cookie is kept for more than 13 months, and ours last far less: 30 minutes for the session, 5 minutes for signing in with Google, 7 days for the sidebar.',
        ],
      },
      {
        heading: '7. Managing your choices',
        paragraphs: [
          'You can change your choice at any time: the “Cookie settings” link at the bottom of every public page opens the banner again. You can also clear the site’s data in your browser settings: the banner will then be shown to you again on your next visit.',
          'You can also block or delete cookies in your browser. Without the session cookie, you cannot sign in; without local storage, your language and cookie choices are not remembered, but the site stays usable.',
        ],
      },
      {
        heading: '8. Third-party services',
        paragraphs: [
          'Our pages load no analytics, advertising or social-network script. If you choose to sign in with Google, you go through Google’s pages, which place their own cookies under Google’s policy.',
        ],
      },
      {
        heading: '9. Contact us',
        paragraphs: [
          `For any question about this policy, write to us through the ${contact}. How we process your personal data is described in our [privacy policy](${twinPath('privacy', 'en')}).`,
        ],
      },
    ],
  };
}
