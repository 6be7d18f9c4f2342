/** The catalogue snapshot's public face: the one snapshot every part of the shop reads. */
export { CatalogueProvider, useCatalogue, useCurrentCatalogue } from './catalogue-context';
