/** The operator settings and the valid message the contact tests share. */
export const SITE = {
  COMPANY_NAME: 'Atelier Vitrine SAS',
  COMPANY_ADDRESS: '12 rue des Lilas|75011 Paris|France',
  CONTACT_EMAIL: 'equipe@vitrine.example',
  PARENT_COMPANY_URL: 'https://groupe.example',
};

export const VALID = {
  name: 'Camille Durand',
  email: 'Camille@Example.test',
  subject: 'Une question sur les formats',
  message: 'Bonjour,\nPeut-on générer une bannière 3:1 ?\nMerci',
};
