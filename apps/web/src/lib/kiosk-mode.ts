/** Spec 2.1 / 2.11: the athlete kiosk flag, kept in local storage as the string 'true'. */
export const KIOSK_MODE_STORAGE_KEY = 'kioskMode';

export function isKioskMode(storage: Pick<Storage, 'getItem'> = window.localStorage): boolean {
  try {
    return storage.getItem(KIOSK_MODE_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function enterKioskMode(): void {
  window.localStorage.setItem(KIOSK_MODE_STORAGE_KEY, 'true');
  window.location.assign('/');
}

/** Kiosk 'Log Out' (spec 2.11): removes the flag and reloads; the kiosk menu ends the session first, so it lands on /login. */
export function exitKioskMode(): void {
  window.localStorage.removeItem(KIOSK_MODE_STORAGE_KEY);
  window.location.assign('/');
}
