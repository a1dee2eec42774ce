import type { ReactNode } from 'react';

/**
 * A table's box, which scrolls sideways when the table is wider than the screen (a phone): a named
 * region in the tab order, so a keyboard can reach it and scroll it with the arrow keys (WCAG 2.1.1;
 * axe's scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take focus to be scrolled by keyboard
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
