/**
 * What the public pages say about the company that runs this Vitrine: set by the operator
 * (COMPANY_NAME, COMPANY_ADDRESS, CONTACT_EMAIL, PARENT_COMPANY_URL) and served by GET /api/site.
 */
export type SiteInfo = {
  /** The company that publishes the site and processes the data ("Vitrine" by default). */
  companyName: string;
  /** Its postal address, one line per element (street, postcode and city, country). */
  addressLines: string[];
  /** Where contact-form messages are delivered; shown on the legal pages as the data-protection contact. */
  contactEmail: string;
  /** The parent company's site, linked from the footer; null when the operator sets none. */
  parentCompanyUrl: string | null;
};

/**
 * The legal pages (privacy, terms, cookies) and the company pages are written as data, in both
 * languages, and rendered by one component. Text may hold links written as [label](/path).
 */
export type ProseSection = {
  heading: string;
  paragraphs: string[];
  /** A bulleted list after the paragraphs. */
  items?: string[];
};

export type ProseDocument = {
  title: string;
  /** Shown under the title. */
  lead?: string;
  sections: ProseSection[];
};

/** The date the privacy policy, the terms and the cookie policy were last updated (spec section 9). */
export const LEGAL_UPDATED_ON = '2025-06-08';
