// What other features use of the point of sale (eslint: a feature imports another only through its index).
export { PointOfSaleButton, PointOfSaleDialog, preloadPointOfSale, useMaySellRetail } from './components/point-of-sale-button';
export type { SaleAthlete } from './components/point-of-sale';
