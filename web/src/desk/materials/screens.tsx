/** Materials (docs/product/materials.md §23): makers see the list and the bills; buying is the owner's. */
import { lazy } from 'react';
import { type DeskScreens, OWNER_AND_MAKER } from '../desk-screens';
import { materialsHref, parseMaterialsHash } from '../routes/materials';

const MaterialsPage = lazy(() => import('./materials-page').then((m) => ({ default: m.MaterialsPage })));
const BillOfMaterialsPage = lazy(() =>
  import('./bill-of-materials-page').then((m) => ({ default: m.BillOfMaterialsPage })),
);

export const materialsScreens: DeskScreens = {
  parse: parseMaterialsHash,
  nav: [{ id: 'materials', label: 'Materials', href: materialsHref.materials() }],
  routes: {
    materials: { section: 'materials', roles: OWNER_AND_MAKER },
    billOfMaterials: { section: 'materials', roles: OWNER_AND_MAKER },
  },
  render: (route) =>
    route.id === 'materials' ? (
      <MaterialsPage />
    ) : route.id === 'billOfMaterials' ? (
      <BillOfMaterialsPage productId={route.productId} />
    ) : null,
};
