// The dialogs the vendors page draws (ADR 035): the vendor dialog alone, loaded on demand
// (lazy-dialogs.tsx), so the page carries neither its code until it opens nor any board dialog's.
import { lazyDialogs } from "./lazy-dialogs.tsx";

const registry = lazyDialogs({ vendorModal: () => import("./vendor-edit-dialog.tsx") });

export const VENDORS_PAGE_DIALOGS = registry.names;
export const prefetchVendorDialog = registry.prefetchDialogOfLink;
export const VendorsPageDialog = registry.PageDialog;
