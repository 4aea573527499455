export { AthleteMessagesTab } from './components/athlete-messages-tab';
