// The booking-policy module's surface (issue 33 item 7, decision 048): the booking rules in SQL (rules.ts: which
// reservation holds a place, the account flags) and the policy table's SQL and refusals (policy.ts). It sits below
// reservations, events, calendar, schedule, kiosk, athlete-packages and documents, which all ask it; it imports no module
// but gym-settings. Another module imports only from '../booking-policy'.
export { allowsUncoveredWalkInsSql, athleteRules, groupedWalkInSql, refuse, refusesWalkIn, sqlPolicy } from './policy';
export { hasPastDueBillSql, hasUnsignedDocumentSql, holdsPlaceSql } from './rules';
