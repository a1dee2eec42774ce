import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** The one shared place for "something went wrong" / "that worked" messages; the layout toasts them. */
interface FlashState {
  error: string | null;
  success: string | null;
}

interface FlashContextValue extends FlashState {
  showError: (message: string) => void;
  showSuccess: (message: string) => void;
  clear: () => void;
}

const FlashContext = createContext<FlashContextValue | null>(null);

export function FlashProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<FlashState>({ error: null, success: null });
  const showError = useCallback((message: string) => setState({ error: message, success: null }), []);
  const showSuccess = useCallback((message: string) => setState({ error: null, success: message }), []);
  const clear = useCallback(() => setState({ error: null, success: null }), []);
  const value = useMemo(() => ({ ...state, showError, showSuccess, clear }), [state, showError, showSuccess, clear]);
  return <FlashContext.Provider value={value}>{children}</FlashContext.Provider>;
}

export function useFlash(): FlashContextValue {
  const value = useContext(FlashContext);
  if (!value) throw new Error('useFlash must be used inside FlashProvider');
  return value;
}
