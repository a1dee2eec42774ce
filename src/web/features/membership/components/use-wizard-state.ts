import { useCallback, useEffect, useState } from 'react';

/** The fee wizard's state, kept in session storage on every change so a reload resumes it. */
export interface WizardState {
  email: string;
  verificationCode: string;
  isVerified: boolean;
  /** The chosen file's name: a File cannot be kept in session storage. */
  paymentSlip: string;
  uploadStatus: 'success' | 'failure' | null;
  step: 1 | 2 | 3 | 4 | 5;
  otpSent: boolean;
  userId: string;
  plan: string;
}

const STORAGE_KEY = 'feeWizard';

function initialState(email: string, plan: string): WizardState {
  return { email, verificationCode: '', isVerified: false, paymentSlip: '', uploadStatus: null, step: 1, otpSent: false, userId: '', plan };
}

function restore(fallback: WizardState): WizardState {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? { ...fallback, ...(JSON.parse(raw) as Partial<WizardState>) } : fallback;
  } catch {
    return fallback;
  }
}

export function useWizardState(email: string, plan: string | null) {
  const [state, setState] = useState<WizardState>(() => {
    const restored = restore(initialState(email, plan ?? 'standard'));
    return plan ? { ...restored, plan } : restored;
  });

  useEffect(() => {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
    } catch {
      // Storage full or disabled: the wizard still works for this visit.
    }
  }, [state]);

  const update = useCallback((change: Partial<WizardState>) => setState((current) => ({ ...current, ...change })), []);
  const back = useCallback(() => setState((current) => ({ ...current, step: Math.max(1, current.step - 1) as WizardState['step'] })), []);
  return { state, update, back };
}

export function clearWizardState(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing kept
  }
}
