import { randomUUID } from 'node:crypto';
import { assertSignedBeforeBooking } from '../documents';
import { and, eq } from 'drizzle-orm';
import { appointmentMessages, formatGymInstant, freeSlots, reservationMessages, toZoned, type BookAppointmentInput, type GymCountry } from '@spotter/shared';
import { athletes, eventCoaches, events, reservations } from '../../db/schema';
import { constraintOf, sqlState } from '../../db/client';
import { writeTransaction } from '../../lib/changes';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { queueMail } from '../../lib/outbox';
import { fullName } from '../../lib/sql-text';
import { composeMail } from '../messages';
import { eligibleAthlete, lockCoachesAndRooms, type ScheduleContext, type Writer } from '../reservations';
import { slotQuestionOf } from './appointments.repository';
import { checkEligibility } from '../athlete-packages';
import { creditReservation } from '../athlete-packages';
import { recordEvents } from '../../lib/domain-events';
import { createdEvent } from '../reservations';

/**
 * Issue 16: booking an appointment into a free slot. One transaction recomputes the slots (the rule of
 * packages/shared rules/appointment-slots.ts), makes the appointment (an `events` row of kind appointment with the
 * type's duration, capacity, fees and tax rate), its lead coach and the athlete's reservation, queues the confirmation
 * mail and publishes the gym's change. Two bookings of one coach at once: the database keeps one (exclusion
 * constraint event_coaches_no_overlap, checked at commit), and the other is told the time is no longer available.
 * Issue 18: the reservation is credited on a package covering the type (athlete-packages/eligibility.ts); an athlete
 * booking for themselves with none is refused (409 with the reason) and the transaction leaves nothing behind.
 */

export type AppointmentsContext = ScheduleContext;
export type Booker = Writer & { country: GymCountry; gymTitle: string };

const isCoachTaken = (err: unknown) => sqlState(err) === '23P01' && constraintOf(err) === 'event_coaches_no_overlap';

export async function bookAppointment(ctx: AppointmentsContext, w: Booker, input: BookAppointmentInput): Promise<{ eventId: string; reservationId: string }> {
  if (w.ownAthleteId !== null && w.ownAthleteId !== input.athleteId) throw forbidden(reservationMessages.athletesOwnOnly, 'own_reservations_only');
  // Issue 20: an athlete's own booking waits for the documents required before booking to be signed.
  if (w.ownAthleteId !== null) await assertSignedBeforeBooking(ctx.db, w.gymId, input.athleteId);
  const startsAt = new Date(input.startsAt);
  const local = toZoned(startsAt, w.timeZone);
  try {
    return await writeTransaction(ctx, async (tx, publish) => {
      // Bookings of one coach go one after the other, so the slot read below sees every earlier one.
      await lockCoachesAndRooms(tx, [input.staffId]);
      const question = await slotQuestionOf(tx, w.gymId, w.timeZone, input.appointmentTypeId, local.date, input.staffId);
      if (!question) throw notFound(appointmentMessages.typeNotFound);
      const { type, coaches } = question;
      const coach = coaches[0];
      if (!coach) throw badRequest(appointmentMessages.coachNotOffered, 'coach_not_offered');
      const offered = freeSlots({
        date: local.date,
        timeZone: w.timeZone,
        durationMinutes: type.durationMinutes,
        bufferMinutes: type.bufferMinutes,
        now: new Date(),
        coaches,
      });
      if (!offered.some((s) => s.startsAt.getTime() === startsAt.getTime())) throw conflict(appointmentMessages.slotTaken, 'slot_taken');

      const eventId = randomUUID();
      const reservationId = randomUUID();
      const now = new Date();
      await tx.insert(events).values({
        id: eventId,
        gymId: w.gymId,
        kind: 'appointment',
        appointmentTypeId: type.id,
        startsAt,
        startDate: local.date,
        startTime: local.time,
        durationMinutes: type.durationMinutes,
        capacity: type.capacity,
        taxRateId: type.taxRateId,
        cancellationFeeMinor: type.cancellationFeeMinor,
        noShowFeeMinor: type.noShowFeeMinor,
        cancellationCreditDeduction: type.cancellationCreditDeduction,
        noShowCreditDeduction: type.noShowCreditDeduction,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(eventCoaches).values({ gymId: w.gymId, eventId, staffId: coach.staffId, role: 'lead' });
      // The booking rules of the athlete (rules.ts eligibilityRules), asked of the new appointment: a refusal rolls it back.
      await eligibleAthlete(tx, w.gymId, input.athleteId, [eventId]);
      // Issue 18: the package that credits it, by the one eligibility rule (a package covering the appointment type).
      // An athlete's own booking needs one, as a class does (409 with the reason; the appointment made above rolls
      // back); the front desk books anyway, uncredited.
      const credit = await checkEligibility(tx, w.gymId, input.athleteId, eventId, { lock: true, of: 'appointment' });
      if (!credit.eligible && w.ownAthleteId !== null) throw conflict(credit.message, credit.code);
      await tx.insert(reservations).values({
        id: reservationId,
        gymId: w.gymId,
        eventId,
        athleteId: input.athleteId,
        isReserved: true,
        registrationDatetime: now,
        updatedAt: now,
        updatedByUserId: w.actorUserId,
      });
      if (credit.eligible) await creditReservation(tx, reservationId, credit, w.actorUserId);
      // Issue 33: the booking's domain event, in its transaction (as every reservation writer's: reservations/booking-events.ts).
      await recordEvents(tx, [createdEvent({ id: reservationId, gymId: w.gymId, athleteId: input.athleteId, eventId }, false)]);
      const [athlete] = await tx
        .select({ firstName: athletes.firstName, fullName: fullName(athletes), email: athletes.email })
        .from(athletes)
        .where(and(eq(athletes.id, input.athleteId), eq(athletes.gymId, w.gymId)));
      if (athlete?.email) {
        const when = formatGymInstant(startsAt, { timeZone: w.timeZone, country: w.country });
        // Issue 22: through the gym's `appointment_booked` template.
        const mail = await composeMail(
          tx,
          w.gymId,
          {
            kind: 'appointment_booked',
            to: athlete.email,
            dedupeKey: `appointment_booked:${reservationId}`,
            values: {
              firstName: athlete.firstName,
              fullName: athlete.fullName,
              appointmentName: type.name,
              coachName: coach.fullName,
              when: `${when} (${type.durationMinutes} minutes)`,
              link: `${ctx.appUrl}/appointments/${eventId}`,
            },
          },
          { appUrl: ctx.appUrl },
        );
        await queueMail(tx, ctx.jobs, mail);
      }
      await publish({ kind: 'gym', gymId: w.gymId });
      return { eventId, reservationId };
    });
  } catch (err) {
    if (isCoachTaken(err)) throw conflict(appointmentMessages.slotTaken, 'slot_taken');
    throw err;
  }
}
