// What other features use of banners (eslint: a feature imports another only through its index).
export { BannersSection } from './components/banners-section';
