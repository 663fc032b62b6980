// The business-card book (table, drawer form, uploads) loads apart from the light dashboard pages.
export { CardsPage } from '../../features/cards/pages/CardsPage.tsx';
