import { bannerMessages, fromZoned, gymBannerInputSchema, isRichTextEmpty, toZoned, type GymBanner, type GymBannerInput } from '@spotter/shared';

/**
 * The banner form's values: the window as the gym's wall clock ("YYYY-MM-DD HH:mm:ss", what Mantine's DateTimePicker
 * gives), turned into instants in the gym's time zone on save. Null: at once / until ended.
 */
export type BannerFormValues = {
  title: string;
  message: string;
  audiences: GymBannerInput['audiences'];
  startsAt: string | null;
  endsAt: string | null;
};
export type BannerFormErrors = Partial<Record<keyof BannerFormValues, string>>;

export const audienceLabels: Record<GymBannerInput['audiences'][number], string> = { gym_staff: 'Staff and owners', athletes: 'Athletes' };

export function toWallClock(iso: string | null, timeZone: string): string | null {
  if (!iso) return null;
  const { date, time } = toZoned(new Date(iso), timeZone);
  return `${date} ${time}`;
}

export function toInstant(wall: string | null, timeZone: string): string | null {
  if (!wall) return null;
  const [date, time = '00:00:00'] = wall.trim().split(/[ T]/);
  return fromZoned(date!, time.length === 5 ? `${time}:00` : time, timeZone).toISOString();
}

export const newBannerValues = (): BannerFormValues => ({ title: '', message: '', audiences: ['gym_staff', 'athletes'], startsAt: null, endsAt: null });

export const bannerValues = (banner: GymBanner, timeZone: string): BannerFormValues => ({
  title: banner.title,
  message: banner.message,
  audiences: banner.audiences,
  startsAt: toWallClock(banner.startsAt, timeZone),
  endsAt: toWallClock(banner.endsAt, timeZone),
});

/** The request body, or the form's errors (the server's rules and messages: shared schema, non-empty, end ahead). */
export function toBannerInput(values: BannerFormValues, timeZone: string, now = new Date()): { input: GymBannerInput } | { errors: BannerFormErrors } {
  const candidate = { ...values, startsAt: toInstant(values.startsAt, timeZone), endsAt: toInstant(values.endsAt, timeZone) };
  const errors: BannerFormErrors = {};
  const parsed = gymBannerInputSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof BannerFormValues;
      errors[field] ??= issue.message;
    }
  }
  if (!errors.message && isRichTextEmpty(values.message)) errors.message = bannerMessages.messageRequired;
  if (!errors.endsAt && candidate.endsAt && new Date(candidate.endsAt) <= now) errors.endsAt = bannerMessages.endInPast;
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { input: parsed.data };
}
