import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseButton } from '@mantine/core';
import classes from './light-dialog.module.css';

type LightDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Mantine's modal sizes: md 440 px, lg 620 px (both shrink to the screen). */
  size?: 'md' | 'lg';
  children: ReactNode;
};

/**
 * A modal dialog on the browser's own `<dialog>` (decision 015), for the screens that load first (the banner, the
 * kiosk's athlete-mode confirmation). `showModal()` gives what Mantine's Modal builds in JavaScript: the page behind
 * is inert, focus moves in and comes back on close, Escape cancels, and it sits above everything without a portal.
 * Clicking the backdrop closes it, as Mantine's Modal does.
 */
export function LightDialog({ opened, onClose, title, size = 'md', children }: LightDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!opened) {
      if (dialog.open) dialog.close();
      return;
    }
    // showModal() makes the whole page inert, which restyles all of it (about 11 ms, 45 ms on a slow phone). In a task
    // of its own it does not lengthen the task that drew the page, e.g. the kiosk's first cards with the banner.
    const timer = window.setTimeout(() => {
      if (!dialog.open) dialog.showModal();
    }, 0);
    return () => window.clearTimeout(timer);
  }, [opened]);

  // The page behind does not scroll while the dialog is open.
  useEffect(() => {
    if (!opened) return;
    const root = document.documentElement;
    const before = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = before;
    };
  }, [opened]);

  return (
    <dialog
      ref={ref}
      className={classes.dialog}
      data-size={size}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the state says whether it is open, so the dialog closes through onClose.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {opened && (
        <div className={classes.content}>
          <header className={classes.header}>
            <h2 id={titleId} className={classes.title}>
              {title}
            </h2>
            <CloseButton aria-label="Close" onClick={onClose} />
          </header>
          <div className={classes.body}>{children}</div>
        </div>
      )}
    </dialog>
  );
}
