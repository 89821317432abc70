/**
 * The little words that open a new phrase inside a clause, in French and English, by what they open.
 * Lists, not grammar: a shop's description is short and its phrases are made of few kinds of words.
 * Compared in lower case with their accents: "à" opens a phrase and the article "a" does not, the
 * participle "cuisiné" does and the noun "cuisine" does not. Where shop owners often leave an accent
 * out and nothing is confused, both spellings are listed.
 */

const words = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

/** Coordinating conjunctions: a new phrase only between the clause's own phrases (see phrases.ts). */
export const CONJUNCTIONS = words(`and or but nor & + et ou mais ni`);

/** Relative pronouns and subordinators: what follows says something new about what came before. */
export const RELATIVES = words(`that which who whose where because while whilst
  qui que dont où lorsque quand puisque`);

/**
 * Present participles and gerunds that take what the business sells as their object ("offering
 * facials, waxing and nails"): a list after them belongs to them.
 */
export const GERUNDS = words(`offering selling serving making baking roasting brewing covering featuring
  including providing bringing creating crafting supplying stocking growing repairing fixing cooking
  specialising specializing using delivering designing printing sewing knitting teaching
  proposant offrant vendant fabriquant créant creant travaillant alliant mêlant melant servant
  cuisinant réparant reparant accompagnant conseillant livrant organisant réalisant utilisant
  transformant sublimant valorisant privilégiant cultivant sélectionnant`);

/**
 * Past participles that start a phrase after a noun ("made in Cornwall", "coulées à la main"). Many
 * also serve as adjectives ("bougies parfumées"); the longest cut that fits is taken, so a headline is
 * rarely cut right after its first noun because of one.
 */
export const PARTICIPLES = words(`made baked roasted brewed poured crafted handcrafted designed printed sewn
  knitted grown raised reared sourced selected based located founded established opened served scented
  specialised specialized
  fait faite faits faites fabriqué fabriquée fabriqués fabriquées coulé coulée coulés coulées tourné
  tournée tournés tournées cousu cousue cousus cousues tricoté tricotée tricotés tricotées brodé brodée
  brodés brodées sculpté sculptée sculptés sculptées créé créée créés créées conçu conçue conçus conçues
  dessiné dessinée dessinés dessinées imprimé imprimée imprimés imprimées sélectionné sélectionnée
  sélectionnés sélectionnées choisi choisie choisis choisies importé importée importés importées
  cultivé cultivée cultivés cultivées affiné affinée affinés affinées torréfié torréfiée torréfiés
  torréfiées préparé préparée préparés préparées cuisiné cuisinée cuisinés cuisinées cuit cuite cuits
  cuites confectionné confectionnée confectionnés confectionnées façonné façonnée façonnés façonnées
  réalisé réalisée réalisés réalisées installé installée installés installées situé située situés
  situées implanté implantée implantés implantées ouvert ouverte ouverts ouvertes fondé fondée fondés
  fondées basé basée basés basées tenu tenue tenus tenues géré gérée gérés gérées spécialisé spécialisée
  spécialisés spécialisées élaboré élaborée élaborés élaborées parfumé parfumée parfumés parfumées
  restauré restaurée restaurés restaurées livré livrée livrés livrées inspiré inspirée inspirés inspirées
  garanti garantie garantis garanties personnalisé personnalisée personnalisés personnalisées
  imaginé imaginée imaginés imaginées`);

/** Prepositions that open a phrase of place, time, company or purpose. */
export const PREPOSITIONS = words(`with without for from since in on at by near across around throughout
  within between among into inside outside beside behind opposite via until during
  avec sans pour depuis dans chez sur sous près pres par entre vers en auprès aupres autour parmi
  jusqu dès selon
  pendant durant via hors`);

/**
 * Prepositions that usually complete a noun ("salon de coiffure", "cave à vins", "pain au levain",
 * "heart of the city"): a cut before them is a last resort.
 */
export const NOUN_COMPLEMENTS = words(`of to de du des d à au aux`);

/**
 * After "à", "au" or "aux", these nouns make a phrase of place ("au cœur du village", "à domicile"),
 * not a noun's complement; so does a name ("à Lyon", "aux Halles").
 */
export const PLACE_NOUNS = words(`coeur cœur centre pied bord portes sein milieu coin fond bout domicile
  cote côté deux`);

/**
 * Words that go with the participle after them ("freshly baked", "hand poured", "soigneusement
 * sélectionnés"): a phrase opened by the participle starts before them. Adverbs are also told by
 * their endings (below); these are the ones whose ending says nothing.
 */
export const MODIFIERS = words(`hand home fresh freshly locally lovingly carefully ethically sustainably
  responsibly proudly slowly gently daily weekly
  lentement délicatement parfaitement directement`);

/** English words in -ly that are not adverbs: "family run" is not "freshly baked". */
export const NOT_ADVERBS = words(`family supply jelly belly assembly lily holly rally reply ally bully
  friendly lovely lively elderly costly ugly silly curly early only italy`);
