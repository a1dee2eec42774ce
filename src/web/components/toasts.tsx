import { useEffect } from 'react';
import { useLocation } from 'react-router';
// The unstyled build does not inject a <style> tag (the CSP forbids inline styles); the CSS file is bundled instead.
import { toast, ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '../../shared/constants';
import { useFlash } from './flash-context';

/** Shows the shared flash messages as toasts, bottom-right (at the top on a phone); a new page starts without them. */
export function Toasts() {
  const { error, success, clear } = useFlash();
  const { pathname } = useLocation();

  // Declared before the one that shows a message, so a message sent with the navigation survives it.
  useEffect(() => {
    toast.dismiss();
  }, [pathname]);

  useEffect(() => {
    if (error) toast.error(error);
    else if (success) toast.success(success);
    if (error || success) clear();
  }, [error, success, clear]);

  return <ToastContainer position="bottom-right" autoClose={TOAST_AUTO_CLOSE_MS} pauseOnHover newestOnTop />;
}
