/** Alt text for a drawn product image: view 0 is the studio shot, view 1 the bracelet worn, later views close-ups. */
export function productImageAlt(product: { readonly name: string }, index: number): string {
  const subject = `${product.name} bracelet`;
  if (index === 0) return `${subject}, studio view`;
  if (index === 1) return `${subject}, worn on the wrist`;
  return `${subject}, close-up of the beads`;
}
