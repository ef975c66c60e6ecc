import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createAppRouter } from './router';
import { rewriteHashRouteUrl } from '../lib/hash-route';
import { detectLocale, htmlLang, loadMessages } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import '../styles.css';

// Old `/#/…` links first: the router must read the rewritten address.
rewriteHashRouteUrl();

const locale = detectLocale();
document.documentElement.lang = htmlLang(locale);

// Creating the router starts the first navigation (session check, route modules) while the catalog loads.
const router = createAppRouter();
const queryClient = createQueryClient();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root is missing from index.html');

void loadMessages(locale).then((messages) => {
  createRoot(rootElement).render(
    <StrictMode>
      <App router={router} locale={locale} messages={messages} queryClient={queryClient} />
    </StrictMode>,
  );
});
