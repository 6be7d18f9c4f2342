/** The home page's sample testimonials (labelled there as samples). */

export interface Testimonial {
  readonly quote: string;
  readonly author: string;
  readonly location: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote: 'I love that it was made for me after I ordered. It sits just right and goes with everything.',
    author: 'Niamh O.',
    location: 'Galway',
  },
  {
    quote: 'My burgundy bracelet gets noticed every time I wear it. Lovely, friendly service too.',
    author: 'Orla B.',
    location: 'Kilkenny',
  },
  {
    quote: 'A thoughtful gift that felt personal. My mam has hardly taken hers off since.',
    author: 'Deirdre F.',
    location: 'Westport',
  },
];
