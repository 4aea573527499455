// What other features use of reservations (eslint: a feature imports another only through its index).
export { useCheckIn, type CheckInVariables } from './api/check-in';
export { useUpdateReservation } from './api/update-reservation';
export { useDeleteReservation } from './api/delete-reservation';
export { useCreateBulkReservations } from './api/create-bulk-reservations';
export {
  chargePayload,
  chargeTitles,
  clampChargeDate,
  initialChargeValues,
  normaliseFee,
  withChargeNow,
  withWaiveFee,
  type ChargeKind,
} from './lib/charge-rules';
export { bulkDateLimits, canGoToPreview, defaultBulkRange, weekdayCodes, weekdaysFrom } from './lib/bulk-rules';
