import { useEffect } from 'react';
import { useLocation } from 'react-router';
// The unstyled build does not inject a <style> tag (the CSP forbids inline styles); the CSS file is bundled instead.
import { toast, ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '../../shared/constants';
import { useNarrowScreen } from '../lib/use-narrow-screen';
import { useFlash } from './flash-context';

/**
 * Shows the shared flash messages as toasts, bottom-right; on a phone at the top, since the page's
 * main button is usually low on the screen. A new page starts without them.
 */
export function Toasts() {
  const { error, success, clear } = useFlash();
  const { pathname } = useLocation();
  const phone = useNarrowScreen();

  // Declared before the one that shows a message, so a message sent with the navigation survives it.
  useEffect(() => {
    toast.dismiss();
  }, [pathname]);

  useEffect(() => {
    if (error) toast.error(error);
    else if (success) toast.success(success);
    if (error || success) clear();
  }, [error, success, clear]);

  return <ToastContainer position={phone ? 'top-center' : 'bottom-right'} autoClose={TOAST_AUTO_CLOSE_MS} pauseOnHover newestOnTop />;
}
