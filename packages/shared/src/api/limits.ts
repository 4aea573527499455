/** Spec 9: page sizes of the kiosk calls. */
export const KIOSK_PAGE_LIMIT = 100;
export const ELIGIBLE_ATHLETES_PAGE_SIZE = 10;
export const TAX_RATE_PAGE_LIMIT = 100;
/** A year of daily classes fits in one preview page. */
export const CLASS_PREVIEW_PAGE_LIMIT = 400;
