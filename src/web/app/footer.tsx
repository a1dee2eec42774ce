import { Link } from 'react-router';
import { CompanyContacts } from '../components/company-contacts';
import { useSite } from '../lib/site';

export function Footer() {
  const { data: site } = useSite();
  const name = site?.companyName ?? 'Home of Movies';
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div>
          <p className="footer__brand">{name}</p>
          <p className="footer__tagline">The home of movies, modelling &amp; music.</p>
        </div>
        {site && (site.email || site.phone) && (
          <address className="footer__contact">
            <CompanyContacts site={site} />
          </address>
        )}
        <nav aria-label="Footer">
          <ul className="footer__links">
            <li>
              <Link to="/services">Services</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
            <li>
              <Link to="/terms-and-conditions">Terms and conditions</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="footer__copy">
        © {new Date().getFullYear()} {name}. All rights reserved.
      </p>
    </footer>
  );
}
