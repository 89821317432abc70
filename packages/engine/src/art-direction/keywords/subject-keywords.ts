/**
 * One subject's keywords by weight: 3 for the trade itself ("boulangerie", "florist"), 2 for what it
 * sells ("croissants", "bouquets"), 1 for a hint ("marché", "atelier"). A keyword is one word or a
 * phrase of words; each word also matches its plural (s, x, es, y -> ies, al -> aux). A word starting
 * with "=" keeps its accents, for the few whose bare form is another common word: "thé" (tea) is not
 * "the", "rosé" (wine) is not "rose", "pâté" is not "pâtes".
 */
export type SubjectKeywords = Record<1 | 2 | 3, readonly string[]>;
