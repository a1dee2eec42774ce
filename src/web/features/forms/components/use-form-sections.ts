import { useCallback, useEffect, useRef, useState } from 'react';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';

export interface SectionSpec {
  id: string;
  title: string;
  /** The form's field names (file fields too) that the section holds. */
  fields: readonly string[];
}

export interface FormSteps {
  current: number;
  total: number;
  onNext: () => void;
  onBack: () => void;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}

interface Options {
  /** Checks the named fields as sending will; Next moves on only when they pass. */
  check: (fields: readonly string[]) => Promise<boolean>;
  /** The fields that failed last (the page's checks or the server's): their section is shown and the first is focused. */
  failedFields: readonly string[];
  focusField: (name: string) => void;
}

/**
 * A long form in titled sections: one section at a time on a phone, with Back and Next (Next
 * checks the section first); every section at once on a wider screen.
 */
export function useFormSections(sections: readonly SectionSpec[], { check, failedFields, focusField }: Options) {
  const stepped = useNarrowScreen();
  const [current, setCurrent] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    headingRef.current?.focus();
  }, [current]);

  const goTo = useCallback((index: number) => {
    moved.current = true;
    setCurrent(index);
  }, []);

  useEffect(() => {
    if (failedFields.length === 0) return;
    const index = sections.findIndex((section) => section.fields.some((field) => failedFields.includes(field)));
    if (index < 0) return;
    setCurrent(index);
    const first = sections[index]!.fields.find((field) => failedFields.includes(field))!;
    // After the section is drawn: a hidden field cannot take the focus.
    requestAnimationFrame(() => focusField(first));
  }, [failedFields, sections, focusField]);

  const section = sections[current]!;
  const steps: FormSteps | undefined = stepped
    ? {
        current,
        total: sections.length,
        headingRef,
        onBack: () => goTo(Math.max(0, current - 1)),
        onNext: () =>
          void check(section.fields).then((passed) => {
            if (passed) goTo(Math.min(sections.length - 1, current + 1));
          }),
      }
    : undefined;

  return { steps, isShown: (index: number) => !stepped || index === current };
}
