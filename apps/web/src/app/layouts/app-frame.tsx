import type { CSSProperties, ReactNode } from 'react';
import classes from './app-frame.module.css';

type AppFrameProps = {
  /** Header height in px (56, or 64 in athlete kiosk mode). */
  headerHeight: number;
  header: ReactNode;
  /** A side navbar: 170 px wide from sm, 208 px from md; below sm it is hidden until `opened` and then fills the width. */
  navbar?: { label: string; opened: boolean; children: ReactNode };
  /** A bottom bar of this height in px (the phone shell's tabs). */
  footer?: { height: number; children: ReactNode };
  children: ReactNode;
};

/**
 * The fixed header, side navbar and bottom bar around a page, laid out as Mantine's AppShell lays them out (same
 * sizes, breakpoints, borders and paddings) in CSS alone. Mantine's AppShell brings 10 KB of JavaScript to every
 * signed-in page, react-remove-scroll among it; this brings none (decision 015).
 */
export function AppFrame({ headerHeight, header, navbar, footer, children }: AppFrameProps) {
  const style = { '--frame-header': `${headerHeight}px`, '--frame-footer': `${footer?.height ?? 0}px` } as CSSProperties;
  return (
    <div className={classes.root} style={style} data-with-navbar={navbar ? '' : undefined}>
      <header className={classes.header}>{header}</header>
      {navbar && (
        <nav className={classes.navbar} aria-label={navbar.label} data-opened={navbar.opened ? '' : undefined}>
          {navbar.children}
        </nav>
      )}
      <main className={classes.main}>{children}</main>
      {footer && <footer className={classes.footer}>{footer.children}</footer>}
    </div>
  );
}
