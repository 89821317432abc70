/**
 * The icons that draw each subject (Phosphor Icons, MIT: see local/ICONS.md), the most telling first:
 * variant n leads with icon n, so the first four are the ones a shop owner sees leading the four
 * variants. Phosphor has no candle, comb or vase; the nearest honest picture stands in (a flame, a
 * jar), never another trade's tools.
 */
import type { BusinessSubject } from './business-subject';

export const SUBJECT_ICONS: Record<BusinessSubject | 'generic', readonly string[]> = {
  bakery: ['bread', 'cake', 'cookie', 'grains', 'oven', 'basket'],
  butcher: ['cow', 'knife', 'barn', 'fork-knife', 'fire', 'cooking-pot'],
  florist: ['flower-tulip', 'flower', 'flower-lotus', 'plant', 'butterfly', 'leaf'],
  cafe: ['coffee', 'coffee-bean', 'tea-bag', 'cookie', 'cake', 'bowl-steam'],
  restaurant: ['fork-knife', 'cooking-pot', 'chef-hat', 'bowl-steam', 'pizza', 'wine', 'pepper'],
  grocery: ['basket', 'carrot', 'cheese', 'orange-slice', 'fish', 'egg', 'avocado', 'pepper'],
  wine: ['wine', 'champagne', 'cheers', 'brandy', 'beer-bottle', 'martini'],
  fashion: [
    't-shirt',
    'dress',
    'coat-hanger',
    'handbag',
    'high-heel',
    'sneaker',
    'sunglasses',
    'baseball-cap',
  ],
  jewellery: ['diamond', 'crown-simple', 'watch', 'sparkle', 'diamonds-four', 'star-four'],
  candles: ['flame', 'jar', 'flower', 'fire-simple', 'leaf', 'sparkle'],
  cosmetics: ['hand-soap', 'drop', 'leaf', 'flower-lotus', 'jar-label', 'bathtub', 'sparkle'],
  hairdresser: ['scissors', 'hair-dryer', 'spray-bottle', 'sparkle', 'drop', 'star-four'],
  beauty: ['flower-lotus', 'sparkle', 'hand-heart', 'eye', 'drop', 'spray-bottle', 'leaf', 'towel'],
  health: ['first-aid', 'heartbeat', 'stethoscope', 'pill', 'tooth', 'eyeglasses', 'bandaids'],
  yoga: ['flower-lotus', 'person-simple-tai-chi', 'yin-yang', 'leaf', 'sun-horizon', 'heart-straight'],
  tech: [
    'cpu',
    'laptop',
    'device-mobile',
    'headphones',
    'game-controller',
    'circuitry',
    'wifi-high',
    'robot',
  ],
  pottery: ['jar', 'coffee', 'bowl-food', 'hand', 'paint-brush', 'flame'],
  craft: ['yarn', 'needle', 'paint-brush', 'palette', 'scissors', 'hammer', 'pen-nib'],
  bookshop: ['books', 'book-open', 'feather', 'bookmark-simple', 'eyeglasses', 'pen-nib', 'notebook'],
  home: ['armchair', 'lamp', 'couch', 'potted-plant', 'lamp-pendant', 'house-line', 'rug'],
  garden: ['plant', 'potted-plant', 'shovel', 'tree', 'flower-tulip', 'leaf', 'cactus', 'sun'],
  pets: ['paw-print', 'dog', 'cat', 'bone', 'fish-simple', 'bird', 'heart'],
  bike: ['bicycle', 'person-simple-bike', 'wrench', 'tire', 'road-horizon', 'mountains', 'gear'],
  sport: ['barbell', 'soccer-ball', 'bicycle', 'sneaker-move', 'tennis-ball', 'trophy', 'timer'],
  garage: ['car', 'wrench', 'tire', 'gas-pump', 'engine', 'car-battery', 'steering-wheel'],
  trades: [
    'wrench',
    'hammer',
    'toolbox',
    'pipe-wrench',
    'screwdriver',
    'lightning',
    'hard-hat',
    'paint-roller',
  ],
  cleaning: ['broom', 'spray-bottle', 'sparkle', 'washing-machine', 'drop', 'bathtub', 'towel'],
  consulting: [
    'briefcase',
    'handshake',
    'chart-line-up',
    'lightbulb',
    'presentation-chart',
    'target',
    'scales',
  ],
  // Nothing says what the business is: ornaments that suit any shop, never a wrong trade.
  generic: ['sparkle', 'star-four', 'heart-straight', 'shooting-star', 'sun-horizon', 'seal-check'],
};
