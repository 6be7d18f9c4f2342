/**
 * The Full Details text of every product, apart from the catalogue: only the product page shows it, and
 * it is about half of the catalogue's size, which every page (the home page included) loads.
 */
import { MADE_IN_YOUR_SIZE } from './made-in-your-size';
import type { Product } from './types';

/**
 * Joins the paragraphs of a Full Details text with the blank line the product page splits on; the last
 * paragraph ends with the sizes.
 */
function paragraphs(...parts: readonly string[]): string {
  return `${parts.join('\n\n')} ${MADE_IN_YOUR_SIZE}`;
}

const FULL_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '1': paragraphs(
    'Smooth rose quartz rounds alternate with small freshwater pearls, each pair divided by a gold-plated brass spacer. No two pearls are quite alike, so every bracelet has its own gentle rhythm.',
    'Each piece is strung by hand once you order, on strong beading wire finished with a gold-plated lobster clasp and a short extension chain.',
    'Lovely on its own, or stacked with a fine gold chain.',
  ),
  '2': paragraphs(
    'Faceted garnet beads sit between rounds of claret-red Czech glass, with gold-plated brass rondelles catching the light every few beads.',
    'We string each bracelet by hand to order on strong stretch cord, knotted twice and tucked inside a bead so the knot never shows. It rolls on and off without a clasp.',
    'Rich enough for an evening out and easy with a knit jumper by day.',
  ),
  '3': paragraphs(
    "Leopard jasper brings the caramel and black spots; tiger's eye adds a golden shimmer that moves as you turn your wrist, and small wooden beads keep the whole piece light.",
    'Hand-strung to order on strong stretch cord, with the knot hidden inside a bead.',
    'It sits happily alongside a watch or a plain leather cuff.',
  ),
  '4': paragraphs(
    "Translucent orange carnelian and banded tiger's eye are set in a repeating pattern, separated by slim gold-plated brass discs.",
    'Every bracelet is strung by hand after you order, on strong stretch cord that rolls easily over the hand.',
    'Wear it alone for a pop of warmth or stack it with Lughnasa Gold.',
  ),
  '5': paragraphs(
    'Bright magenta and deep violet Czech glass beads are framed by tiny green seed beads, with dyed agate rounds adding weight and a little stone texture.',
    'Hand-strung to order on strong stretch cord, so it slips on and off with no clasp to fiddle with.',
    'A cheerful single bracelet, or a bold note in a mixed stack.',
  ),
  '6': paragraphs(
    'Rose quartz rounds are paired with frosted blush Czech glass and rows of tiny cream seed beads, for a light, delicate bracelet.',
    'We string it by hand when you order, on strong stretch cord with a hidden knot.',
    'Pretty on its own and lovely in a stack of two or three.',
  ),
  '7': paragraphs(
    'Faceted garnet and wine-red Czech glass are broken up with small rounds of polished hematite, whose grey sheen gives the reds more depth.',
    'Hand-strung to order on strong stretch cord, double-knotted and tucked away.',
    'Looks well with silver or gold, and with darker Leopardskin pieces.',
  ),
  '8': paragraphs(
    'Rounds of leopard jasper, full of caramel and black spots, alternate with hematite beads and short runs of ochre seed beads.',
    'Strung by hand to order on strong stretch cord.',
    'A good everyday piece that works with denim and neutrals.',
  ),
  '9': paragraphs(
    'Czech glass beads in yellow, coral, teal and cobalt are separated by white howlite rounds and small seed-bead accents.',
    'Hand-strung to order on strong stretch cord that rolls over the hand.',
    'Bright enough to wear alone; in a stack it pairs well with Achill Rainbow.',
  ),
  '10': paragraphs(
    "Banded tiger's eye rounds sit between small wooden beads, with gold-plated brass rondelles placed every few beads to catch the light.",
    'Each bracelet is strung by hand to order on strong beading wire and closed with a gold-plated toggle clasp.',
    'Easy to wear every day, and a warm anchor for a stack.',
  ),
  '11': paragraphs(
    'Soft white howlite with its fine grey veins is mixed with pale rose quartz and small freshwater pearls.',
    'Hand-strung to order on strong stretch cord, with the knot hidden inside a bead.',
    'A gentle bracelet for weddings, christenings or an ordinary Tuesday.',
  ),
  '12': paragraphs(
    'Carnelian rounds give the orange glow; scarlet and sunny yellow Czech glass and tiny seed beads fill in the flames.',
    'Strung by hand once you order, on strong stretch cord.',
    'Wear it for a festival, a wedding or just to brighten a grey day.',
  ),
  '13': paragraphs(
    'Garnet chips and deep purple agate rounds are strung between short runs of dark plum seed beads.',
    'Hand-strung to order on strong stretch cord.',
    'Pairs well with Claret Harbour or with warm wood pieces.',
  ),
  '14': paragraphs(
    'Leopard jasper rounds are paired with dark-stained wooden beads and small hematite accents for a mostly brown-and-black bracelet.',
    'We string every bracelet by hand to order on strong stretch cord, knotted and hidden.',
    'A quiet piece that suits anyone; wear it alone or stacked with Tawny Strand.',
  ),
  '15': paragraphs(
    'Rust-toned carnelian is mixed with natural wooden beads and copper-coloured seed beads.',
    'Hand-strung to order on strong stretch cord that rolls on and off.',
    'Light and warm, ideal for autumn layers.',
  ),
  '16': paragraphs(
    'Frosted lilac and lavender Czech glass beads are mixed with rose quartz rounds and small freshwater pearls.',
    'Each piece is strung by hand to order on strong stretch cord.',
    'Lovely with silver, pearls and pastel knits.',
  ),
  '17': paragraphs(
    'Saturated Czech glass in electric blue, emerald and fuchsia is set between dyed agate rounds and small hematite beads.',
    'Hand-strung to order on strong stretch cord with a hidden knot.',
    'A bracelet for dancing; it also lifts an all-black outfit.',
  ),
  '18': paragraphs(
    'Faceted garnet beads are spaced with creamy freshwater pearls and gold-plated brass rondelles, so the dark red is lit from within.',
    'Strung by hand to order on strong beading wire and finished with a gold-plated lobster clasp.',
    'A natural choice for the festive season and for gifting.',
  ),
  '19': paragraphs(
    "Tiger's eye and carnelian rounds are mixed with translucent amber Czech glass that glows when the light comes through it.",
    'Hand-strung to order on strong stretch cord.',
    'Warm against tanned or pale skin alike; stack it with Harvest Moon.',
  ),
  '20': paragraphs(
    "Larger leopard jasper rounds are set with tiger's eye and gold-plated brass beads, giving the spots a warm golden frame.",
    'Every piece is hand-strung to order on strong beading wire with a gold-plated lobster clasp.',
    'Dress it up with gold hoops or wear it with a white shirt.',
  ),
  '21': paragraphs(
    'Dyed agate and Czech glass run through red, orange, yellow, green, blue and violet, with white howlite and seed beads between the colours.',
    'Hand-strung to order on strong stretch cord.',
    'Made for stacking with plainer pieces, or for wearing on its own with a smile.',
  ),
  '22': paragraphs(
    'Irregular freshwater pearls with a faint pink lustre are paired with white howlite rounds and small gold-plated brass beads.',
    'Strung by hand to order on strong beading wire and finished with a gold-plated lobster clasp.',
    'A lovely bridal or bridesmaid piece, and gentle enough for every day.',
  ),
  '23': paragraphs(
    'Czech glass in plum and wine red sits between banded dark agate and fine burgundy seed beads.',
    'Hand-strung to order on strong stretch cord, with a hidden knot.',
    'An easy way into the Burgundy collection; it stacks well with gold.',
  ),
  '24': paragraphs(
    'Carnelian gives the glow and smoky brown agate the ash, with hematite and dark wooden beads for the peat.',
    'Strung by hand to order on strong stretch cord.',
    'A cosy bracelet for winter knits; wear it alone or with Copper Beech.',
  ),
  '25': paragraphs(
    'Matte plum Czech glass is mixed with garnet rounds and small dark wooden beads for a soft, velvety look.',
    'Hand-strung to order on strong stretch cord that rolls on and off.',
    'Understated enough for work and rich enough for evenings.',
  ),
  '26': paragraphs(
    'Leopard jasper rounds alternate with faceted garnet and burgundy Czech glass, with gold-plated brass spacers between them.',
    'Each bracelet is hand-strung to order on strong stretch cord, knotted twice and hidden inside a bead.',
    'Wear it with other Burgundy or Leopardskin pieces, or on its own as the statement.',
  ),
  '27': paragraphs(
    'Caramel-and-black leopard jasper is paired with creamy freshwater pearls and small gold-plated brass beads.',
    'Strung by hand to order on strong beading wire and closed with a gold-plated lobster clasp.',
    'Lovely with Burgundy Safari, or with pearls and gold.',
  ),
};

/** Paragraphs separated by blank lines; '' for an unknown id. */
export function fullDescription(product: Pick<Product, 'id'>): string {
  return Object.hasOwn(FULL_DESCRIPTIONS, product.id) ? (FULL_DESCRIPTIONS[product.id] ?? '') : '';
}
