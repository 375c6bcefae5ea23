import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { PlazaProvider } from '@plaza/react';
import { startSilentLogin } from './auth/silent.js';
import { loadConfig } from './config.js';
import { createPlazaClient } from './plaza.js';
import { AppRoutes } from './router.js';
import { ErrorMessage } from './ui/ErrorMessage.js';
import './styles.css';

const root = createRoot(document.getElementById('root')!);

loadConfig().then(
  (config) => {
    const client = createPlazaClient(config);
    root.render(
      <StrictMode>
        <PlazaProvider client={client}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </PlazaProvider>
      </StrictMode>,
    );
    // A browser whose sign-in session is still alive becomes a member again; never in the way of the first paint.
    startSilentLogin(client);
  },
  (error: unknown) => {
    // Without a config there is no client; say so plainly and offer a reload.
    root.render(
      <main className="mx-auto max-w-xl p-6 pt-16">
        <h1 className="mb-4 text-xl font-semibold">Plaza could not start</h1>
        <ErrorMessage error={error} onRetry={() => window.location.reload()} />
      </main>,
    );
  },
);
