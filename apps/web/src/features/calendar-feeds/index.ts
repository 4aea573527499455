// What other features use of calendar links (eslint: a feature imports another only through its index).
export { CalendarFeedCard } from './components/calendar-feed-card';
