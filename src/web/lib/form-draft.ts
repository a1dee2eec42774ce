import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { readDraft, removeDraft, writeDraft } from './drafts';
import { useSession } from './session';

const SAVE_AFTER_MS = 400;

/**
 * Keeps a react-hook-form form's values as the signed-in member's draft `name`: restored once on
 * arrival (over the form's defaults), saved a moment after each change, removed by `clear` (call
 * it once the form is sent). `restored` says the page shows a kept draft. `restore: false` keeps
 * the form's values (newer than the draft), and saves over the draft from the first change.
 */
export function useFormDraft<T extends FieldValues>(
  form: UseFormReturn<T>,
  name: string,
  { restore = true }: { restore?: boolean } = {},
): { restored: boolean; clear: () => void } {
  const userId = useSession().user?.id;
  const [restored, setRestored] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!userId) return;
    const draft = restore ? readDraft<Partial<T>>(userId, name) : null;
    if (draft) {
      form.reset({ ...form.getValues(), ...draft }, { keepDefaultValues: true });
      setRestored(true);
    }
    const defaults = JSON.stringify(form.formState.defaultValues ?? {});
    let pending: unknown = null;
    const save = () => {
      clearTimeout(timer.current);
      if (pending === null) return;
      if (JSON.stringify(pending) === defaults) removeDraft(userId, name);
      else writeDraft(userId, name, pending);
      pending = null;
    };
    const subscription = form.watch((values) => {
      pending = values;
      clearTimeout(timer.current);
      timer.current = setTimeout(save, SAVE_AFTER_MS);
    });
    // A reload or a closed tab does not wait for the timer.
    window.addEventListener('pagehide', save);
    return () => {
      clearTimeout(timer.current);
      window.removeEventListener('pagehide', save);
      subscription.unsubscribe();
    };
  }, [form, name, userId, restore]);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    if (userId) removeDraft(userId, name);
    setRestored(false);
  }, [name, userId]);

  return { restored, clear };
}

/** The same for one plain value held in React state (the fee page's months): restored on arrival, saved on change. */
export function useDraftState<V>(name: string, initial: V): [V, (value: V) => void, () => void] {
  const userId = useSession().user?.id;
  const [value, setValue] = useState<V>(() => (userId ? (readDraft<V>(userId, name) ?? initial) : initial));
  const set = useCallback(
    (next: V) => {
      setValue(next);
      if (userId) writeDraft(userId, name, next);
    },
    [name, userId],
  );
  const clear = useCallback(() => {
    if (userId) removeDraft(userId, name);
  }, [name, userId]);
  return [value, set, clear];
}
