/**
 * The stylesheets of the pages the server draws (shared/public-pages.ts), in the entry's
 * stylesheet that the page's head links, so such a page is styled before any script runs. Their
 * own imports stay: Vite puts each stylesheet in one file only.
 */
import '../features/site/components/site.css';
import '../features/auth/components/auth.css';
import '../features/contact/components/contact.css';
import '../features/talent/components/talent.css';
import '../features/privacy/components/privacy.css';
import '../features/ads/components/adverts-strip.css';
// The contact form's and the talent profile's sending status.
import '../components/submission-status.css';
