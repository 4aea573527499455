import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/styles/first-screens.css';
import './styles.css';
import { App } from './app/app';
import { initAnalytics } from './lib/analytics';
import { initErrorReporting } from './lib/error-reporting';
import { getRuntimeConfig } from './lib/runtime-config';

// Both load their code only when configured (spec 1: analytics token, error-reporting DSN).
void initAnalytics(getRuntimeConfig());
void initErrorReporting(getRuntimeConfig());

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
