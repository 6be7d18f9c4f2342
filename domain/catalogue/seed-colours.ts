/**
 * The colours of the 27 seeded bracelets in words, at most three `/`-separated as Google reads `g:color`
 * (docs/product/feeds.md §18.1): what each one's description names. Google's free listings refuse
 * jewellery without a colour. By product id; the seed carries them and migration 0047 gives them to a
 * shop seeded before.
 */
export const SEED_COLOURS: Readonly<Record<string, string>> = {
  '1': 'Pink/Cream/Gold',
  '2': 'Burgundy/Gold',
  '3': 'Brown/Beige/Gold',
  '4': 'Orange/Gold',
  '5': 'Magenta/Purple/Green',
  '6': 'Pink',
  '7': 'Burgundy/Black',
  '8': 'Brown/Ochre/Black',
  '9': 'Multicolour',
  '10': 'Gold/Brown',
  '11': 'White/Pink/Cream',
  '12': 'Orange/Red/Yellow',
  '13': 'Purple/Red',
  '14': 'Brown/Black',
  '15': 'Rust/Brown',
  '16': 'Lilac/Purple/Pink',
  '17': 'Blue/Green/Pink',
  '18': 'Burgundy/White/Gold',
  '19': 'Amber/Orange/Gold',
  '20': 'Brown/Gold',
  '21': 'Multicolour',
  '22': 'White/Cream/Gold',
  '23': 'Plum/Burgundy',
  '24': 'Orange/Grey/Brown',
  '25': 'Plum/Burgundy/Brown',
  '26': 'Burgundy/Brown/Gold',
  '27': 'Brown/Cream/Gold',
};
