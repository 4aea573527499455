/**
 * The cart's chunk, one step removed: the kiosk list (a first screen) holds only the import of this tiny module, not
 * the cart's own list of the many chunks it needs (bench: first-load bytes of /kiosk). Fetched on first hover, focus
 * or click of the button.
 */
export const loadPointOfSale = () => import('./point-of-sale');
